package payments.ports.platform;

import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;
import payments.core.platform.Permission;
import payments.core.platform.PlatformConfigSchemas;
import payments.core.validation.Fields;

/** A token to issue: its name and what it may do. */
public record NewToken(String name, Set<Permission> permissions) {
    public NewToken {
        Objects.requireNonNull(name, "name");
        permissions = Set.copyOf(permissions);
    }

    /** From the JSON body of {@code POST /tokens}; 400 naming every invalid field. */
    public static NewToken fromJson(Object body) {
        Fields f = PlatformConfigSchemas.TOKEN_CREATE.validate(body);
        Set<Permission> permissions = EnumSet.noneOf(Permission.class);
        f.<String>list("permissions").orElseThrow().forEach(n -> permissions.add(Permission.valueOf(n)));
        return new NewToken(f.string("name").orElseThrow(), permissions);
    }
}
