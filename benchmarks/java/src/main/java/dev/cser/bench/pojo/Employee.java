package dev.cser.bench.pojo;

import java.util.Objects;

/** The peers' W2 employee: the class of seed 001 (three strings, two ints). */
public final class Employee implements java.io.Serializable {
    private static final long serialVersionUID = 1L;

    public String lastName;
    public String firstName;
    public String ssn;
    public int salary;
    public int level;

    /** For the serializers. */
    public Employee() {}

    public Employee(String lastName, String firstName, String ssn, int salary, int level) {
        this.lastName = lastName;
        this.firstName = firstName;
        this.ssn = ssn;
        this.salary = salary;
        this.level = level;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Employee e && Objects.equals(lastName, e.lastName) && Objects.equals(firstName, e.firstName)
                && Objects.equals(ssn, e.ssn) && salary == e.salary && level == e.level;
    }

    @Override
    public int hashCode() {
        return Objects.hash(lastName, firstName, ssn, salary, level);
    }

    @Override
    public String toString() {
        return "Employee{" + lastName + ", " + firstName + ", " + ssn + ", " + salary + ", " + level + "}";
    }
}
