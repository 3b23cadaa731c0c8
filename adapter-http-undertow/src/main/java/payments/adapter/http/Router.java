package payments.adapter.http;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import payments.core.platform.Permission;

/**
 * Routes by method and path template ({@code /customers/{customerId}}). Literal segments win over parameters, so
 * {@code /customers/internal-accounts} is not read as a customer id. Each route names the permission its caller
 * needs, checked before its request is read ({@link ApiHandler}); a route its {@link Operation} opens to agents or
 * to anyone names none (null): an agent's use cases check its policy themselves.
 */
public final class Router {
    private final List<Route> routes = new ArrayList<>();

    /** {@code nonBlocking}: see {@link #postNonBlocking}. */
    record Route(String method, String template, String[] segments, Permission permission, Operation operation,
                 Handler handler, boolean nonBlocking) {
        int literalCount() {
            int n = 0;
            for (String s : segments) {
                if (!s.startsWith("{")) {
                    n++;
                }
            }
            return n;
        }
    }

    /**
     * A found route with its template, path parameters, the permission it needs (and whether it is
     * {@link #postNonBlocking}), or the methods the path allows (for 405), or nothing (404).
     */
    public record Match(String template, Handler handler, Map<String, String> params, Permission permission,
                        Operation operation, TreeSet<String> allowedMethods, boolean nonBlocking) {
    }

    public Router add(String method, String template, Permission permission, Operation operation, Handler handler) {
        routes.add(new Route(method, template, split(template), permission, operation, handler, false));
        return this;
    }

    /**
     * A POST route whose handler never blocks: it checks the request and queues it for a group commit, answering
     * with {@link Response#later}. {@link ApiHandler} runs it on the connection's I/O thread, which spares each
     * request the hand-off to a worker thread and back.
     */
    public Router postNonBlocking(String template, Permission permission, Operation operation, Handler h) {
        routes.add(new Route("POST", template, split(template), permission, operation, h, true));
        return this;
    }

    public Router get(String template, Permission permission, Operation operation, Handler h) {
        return add("GET", template, permission, operation, h);
    }

    public Router post(String template, Permission permission, Operation operation, Handler h) {
        return add("POST", template, permission, operation, h);
    }

    public Router patch(String template, Permission permission, Operation operation, Handler h) {
        return add("PATCH", template, permission, operation, h);
    }

    public Router delete(String template, Permission permission, Operation operation, Handler h) {
        return add("DELETE", template, permission, operation, h);
    }

    /** Every registered route, in the order registered. */
    List<Route> routes() {
        return List.copyOf(routes);
    }

    /** Every registered route as {@code METHOD /template}, for documentation and route-wide tests. */
    public List<String> describe() {
        return routes.stream().map(r -> r.method() + " " + r.template()).toList();
    }

    /**
     * The permission each route an API token calls needs, by {@code METHOD /template}, for the authorization matrix.
     */
    public Map<String, Permission> permissions() {
        Map<String, Permission> permissions = new LinkedHashMap<>();
        routes.stream().filter(r -> r.permission() != null)
                .forEach(r -> permissions.put(r.method() + " " + r.template(), r.permission()));
        return permissions;
    }

    /**
     * The route for a request: among the templates the path fits, only the most literal ones count (so
     * {@code /customers/internal-accounts} is never taken for a customer id, which has another form): one of them
     * for the method, else a 405 naming their methods.
     */
    public Optional<Match> match(String method, String path) {
        String[] parts = split(path);
        Route best = null;
        Map<String, String> bestParams = null;
        TreeSet<String> allowed = new TreeSet<>();
        int mostLiteral = -1;
        for (Route route : routes) {
            Map<String, String> params = bind(route.segments, parts);
            if (params == null || route.literalCount() < mostLiteral) {
                continue;
            }
            if (route.literalCount() > mostLiteral) {
                mostLiteral = route.literalCount();
                best = null;
                allowed.clear();
            }
            if (!route.method.equals(method)) {
                allowed.add(route.method);
            } else if (best == null) {
                best = route;
                bestParams = params;
            }
        }
        if (best != null) {
            return Optional.of(new Match(best.template, best.handler, bestParams, best.permission, best.operation,
                    allowed, best.nonBlocking));
        }
        return allowed.isEmpty() ? Optional.empty()
                : Optional.of(new Match(null, null, Map.of(), null, null, allowed, false));
    }

    private static Map<String, String> bind(String[] template, String[] parts) {
        if (template.length != parts.length) {
            return null;
        }
        Map<String, String> params = new LinkedHashMap<>();
        for (int i = 0; i < template.length; i++) {
            String t = template[i];
            if (t.startsWith("{")) {
                if (parts[i].isEmpty()) {
                    return null;
                }
                params.put(t.substring(1, t.length() - 1), parts[i]);
            } else if (!t.equals(parts[i])) {
                return null;
            }
        }
        return params;
    }

    private static String[] split(String path) {
        String trimmed = path.startsWith("/") ? path.substring(1) : path;
        if (trimmed.endsWith("/")) {
            trimmed = trimmed.substring(0, trimmed.length() - 1);
        }
        return trimmed.isEmpty() ? new String[0] : trimmed.split("/", -1);
    }
}
