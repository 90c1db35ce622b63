package dev.cser.examples;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import sakai.common.Audit;
import sakai.content.AccessMode;
import sakai.content.ContentResource;

/**
 * W3 entities shaped like the ones in seed 002: a Sakai content resource with its DAV and CHEF
 * properties, as stored in a database column. Deterministic for a given index.
 */
public final class SakaiData {
    private SakaiData() {}

    /** The entity of the seed: a 103,371-byte file upload in a group site, with its properties. */
    public static ContentResource seedEntity() {
        return entity(0);
    }

    /**
     * Entity number {@code n}: varied the way real content is (some with empty property values,
     * some multi-valued, some without release dates, some with non-ASCII names).
     */
    public static ContentResource entity(int n) {
        UUID site = new UUID(0x5a4b3c2d1e0f1234L + n / 100, 0x9876543210abcdefL);
        UUID file = new UUID(0x1122334455667788L + n, 0x0f1e2d3c4b5a6978L ^ n);
        String name = switch (n % 4) {
            case 0 -> "v14jun.amp";
            case 1 -> "Lecture notes week " + n + ".pdf";
            case 2 -> "Résumé — ünïcödé " + n + ".docx";
            default -> "分子の図 " + n + ".png";
        };
        Map<String, List<String>> props = new LinkedHashMap<>();
        props.put("DAV:creationdate", List.of("20070907215527865"));
        props.put("CHEF:is-collection", List.of("false"));
        props.put("DAV:getlastmodified", List.of("20070907215527" + String.format("%03d", n % 1000)));
        props.put("DAV:getcontenttype", List.of("application/octet-stream"));
        props.put("DAV:getcontentlength", List.of(Integer.toString(103371 + n)));
        props.put("DAV:displayname", List.of(name));
        props.put("CHEF:copyright", List.of("copyright (c) 2007, Sakai Administrator. All Rights Reserved."));
        props.put("CHEF:creator", List.of("admin"));
        props.put("CHEF:modifiedby", List.of("admin"));
        if (n % 3 == 0) {
            props.put("CHEF:description", new ArrayList<>());
        }
        if (n % 5 == 0) {
            props.put("SAKAI:tags", List.of("chemistry", "week " + (n % 12), "darwin"));
        }
        ContentResource r = new ContentResource()
                .setId("/group/" + site + "/caret/darwinfiles/" + (n % 7 == 0 ? "" : "week" + (n % 12) + "/") + name)
                .setResourceType("org.sakaiproject.content.types.fileUpload")
                .setAccess(n % 10 == 0 ? AccessMode.GROUPED : AccessMode.INHERITED)
                .setGroups(n % 10 == 0 ? List.of("/site/" + site + "/group/" + file) : new ArrayList<>())
                .setHidden(n % 17 == 0)
                .setProperties(props)
                .setContentType("application/octet-stream")
                .setContentLength(103371 + n)
                .setFilePath("1/2007/250/21/" + file)
                .setAudit(new Audit("admin", 1189202127865L + n, "admin", 1189202127865L + 1000L * n));
        if (n % 2 == 0) {
            r.setReleaseDate(1189202127865L + n);
        }
        if (n % 6 == 0) {
            r.setRetractDate(1220738127865L + n);
        }
        return r;
    }
}
