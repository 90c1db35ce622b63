package dev.cser.bench.pojo;

import java.util.List;
import java.util.Objects;

/** The peers' W2 root: 5,000 employees in one message. */
public final class Staff implements java.io.Serializable {
    private static final long serialVersionUID = 1L;

    public List<Employee> employees;

    /** For the serializers. */
    public Staff() {}

    public Staff(List<Employee> employees) {
        this.employees = employees;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Staff s && Objects.equals(employees, s.employees);
    }

    @Override
    public int hashCode() {
        return Objects.hashCode(employees);
    }

    @Override
    public String toString() {
        return "Staff{" + (employees == null ? null : employees.size() + " employees") + "}";
    }
}
