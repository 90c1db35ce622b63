package dev.cser.bench.pojo;

import java.util.Objects;

/** The peers' W4 message: the class of seed 004. */
public final class Message implements java.io.Serializable {
    private static final long serialVersionUID = 1L;

    public int type;
    public boolean active;
    public String username;
    public int userid;
    public String data;

    /** For the serializers. */
    public Message() {}

    public Message(int type, boolean active, String username, int userid, String data) {
        this.type = type;
        this.active = active;
        this.username = username;
        this.userid = userid;
        this.data = data;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Message m && type == m.type && active == m.active && Objects.equals(username, m.username)
                && userid == m.userid && Objects.equals(data, m.data);
    }

    @Override
    public int hashCode() {
        return Objects.hash(type, active, username, userid, data);
    }

    @Override
    public String toString() {
        return "Message{" + type + ", " + active + ", " + username + ", " + userid + ", " + data + "}";
    }
}
