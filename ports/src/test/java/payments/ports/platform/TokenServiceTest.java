package payments.ports.platform;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.ports.World.fields;
import static payments.ports.World.json;

import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import payments.core.error.Conflict;
import payments.core.error.Forbidden;
import payments.core.error.InvalidInput;
import payments.core.error.NotFound;
import payments.core.error.Unauthenticated;
import payments.core.id.TokenId;
import payments.core.page.PageRequest;
import payments.core.platform.ApiToken;
import payments.core.platform.Caller;
import payments.core.platform.Environment;
import payments.core.platform.Permission;
import payments.core.platform.Platform;
import payments.core.platform.TokenFilter;
import payments.ports.World;

class TokenServiceTest {
    private final World w = new World();
    private final Platform acme = w.sandbox();
    private final Caller manager = w.caller(acme);

    private IssuedToken create(String name, String... permissions) {
        return w.tokens.create(manager, NewToken.fromJson(json("name", name, "permissions", List.of(permissions))));
    }

    private static TokenFilter noFilter() {
        return new TokenFilter(null, null, null, null, null);
    }

    @Test
    void create_returns_the_secret_once_and_stores_only_its_hash() {
        IssuedToken issued = create("ci", "VIEW", "TRANSACT");

        assertEquals("secret-1", issued.secret());
        assertEquals(issued.token().id().value() + ":secret-1", issued.credentials());
        assertEquals(Set.of(Permission.VIEW, Permission.TRANSACT), issued.token().permissions());
        assertEquals(acme.id(), issued.token().platformId());
        assertEquals(issued.token(), w.tokens.get(manager, issued.token().id()));
        var stored = w.apiTokens.findForAuthentication(issued.token().id()).orElseThrow();
        assertArrayEquals(w.secrets.hash("secret-1"), stored.secretHash());
        assertNotEquals("secret-1", new String(stored.secretHash(), java.nio.charset.StandardCharsets.UTF_8));
        assertNotEquals(issued.secret(), create("ci-2", "VIEW").secret(), "each token has its own secret");
    }

    @Test
    void create_validates_name_and_permissions() {
        InvalidInput e = assertThrows(InvalidInput.class,
                () -> w.tokens.create(manager, NewToken.fromJson(json("name", "", "permissions", List.of("VIEW",
                        "ADMIN")))));

        assertEquals(List.of("name", "permissions[1]"), fields(e));
        assertThrows(InvalidInput.class, () -> w.tokens.create(manager, NewToken.fromJson(json("name", "x",
                "permissions", List.of()))));
    }

    @Test
    void only_a_MANAGE_token_may_create_or_delete_tokens_and_VIEW_reads_them() {
        IssuedToken issued = create("ci", "VIEW");
        Caller viewer = w.caller(acme, Permission.VIEW, Permission.TRANSACT);
        Caller transactor = w.caller(acme, Permission.TRANSACT);

        assertThrows(Forbidden.class, () -> w.tokens.create(viewer, NewToken.fromJson(json("name", "x", "permissions",
                List.of("VIEW")))));
        assertThrows(Forbidden.class, () -> w.tokens.delete(viewer, issued.token().id()));
        assertEquals(issued.token(), w.tokens.get(viewer, issued.token().id()), "VIEW reads everything");
        assertEquals(1, w.tokens.list(viewer, noFilter(), new PageRequest(10, null)).data().stream()
                .filter(t -> t.id().equals(issued.token().id())).count());
        assertThrows(Forbidden.class, () -> w.tokens.get(transactor, issued.token().id()));
    }

    @Test
    void authenticate_with_the_bare_uuid_gives_the_tokens_caller() {
        IssuedToken issued = create("ci", "VIEW");

        Caller caller = w.tokens.authenticate(issued.token().id().value().toString(), issued.secret());

        assertEquals(new Caller(acme.id(), Environment.SANDBOX, issued.token().id(), Set.of(Permission.VIEW)), caller);
    }

    @Test
    void authenticate_with_a_Token_prefixed_username_works_too() {
        IssuedToken issued = create("ci", "MANAGE");

        Caller caller = w.tokens.authenticate(issued.token().id().toString(), issued.secret());

        assertTrue(issued.token().id().toString().startsWith("Token:"));
        assertEquals(issued.token().id(), caller.tokenId());
        assertEquals(Set.of(Permission.MANAGE), caller.permissions());
    }

    @Test
    void a_production_platforms_token_authenticates_as_production() {
        Platform live = w.platform(Environment.PRODUCTION, "live.example", "USD");
        IssuedToken issued = w.tokens.issue(live.id(), "live", EnumSet.of(Permission.VIEW));

        Caller caller = w.tokens.authenticate(issued.token().id().toString(), issued.secret());

        assertEquals(Environment.PRODUCTION, caller.environment());
        assertFalse(caller.isSandbox());
    }

    @Test
    void a_wrong_secret_is_UNAUTHORIZED() {
        IssuedToken issued = create("ci", "VIEW");

        Unauthenticated e = assertThrows(Unauthenticated.class,
                () -> w.tokens.authenticate(issued.token().id().toString(), issued.secret() + "x"));

        assertEquals("UNAUTHORIZED", e.code());
    }

    @Test
    void another_tokens_secret_is_UNAUTHORIZED() {
        IssuedToken one = create("one", "VIEW");
        IssuedToken two = create("two", "VIEW");

        assertThrows(Unauthenticated.class, () -> w.tokens.authenticate(one.token().id().toString(), two.secret()));
    }

    @Test
    void an_unknown_token_id_is_UNAUTHORIZED() {
        create("ci", "VIEW");

        Unauthenticated e = assertThrows(Unauthenticated.class,
                () -> w.tokens.authenticate(UUID.randomUUID().toString(), "secret-1"));

        assertEquals("UNAUTHORIZED", e.code());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "nope", "Token:", "Token:nope", "Customer:00000001-0000-4000-8000-000000000001",
        "token:00000001-0000-4000-8000-000000000001", "00000001-0000-4000-8000-000000000001-ff",
        "Token:Token:00000001-0000-4000-8000-000000000001"})
    void a_malformed_token_id_is_UNAUTHORIZED(String username) {
        Unauthenticated e = assertThrows(Unauthenticated.class, () -> w.tokens.authenticate(username, "secret-1"));

        assertEquals("UNAUTHORIZED", e.code());
    }

    @Test
    void a_non_canonical_spelling_of_the_token_uuid_is_UNAUTHORIZED() {
        IssuedToken issued = create("ci", "VIEW");
        String canonical = issued.token().id().value().toString();
        String shortened = String.join("-", java.util.Arrays.stream(canonical.split("-"))
                .map(g -> g.replaceFirst("^0+(?=.)", "")).toList());
        assertNotEquals(canonical, shortened);

        assertThrows(Unauthenticated.class, () -> w.tokens.authenticate(shortened, issued.secret()));
        assertThrows(Unauthenticated.class, () -> w.tokens.authenticate("Token:" + shortened, issued.secret()));
    }

    @Test
    void a_deleted_token_no_longer_authenticates_and_is_gone_from_reads() {
        IssuedToken issued = create("ci", "VIEW");
        TokenId id = issued.token().id();

        w.tokens.delete(manager, id);

        assertThrows(Unauthenticated.class, () -> w.tokens.authenticate(id.toString(), issued.secret()));
        assertEquals("TOKEN_NOT_FOUND", assertThrows(NotFound.class, () -> w.tokens.get(manager, id)).code());
        assertEquals("TOKEN_NOT_FOUND", assertThrows(NotFound.class, () -> w.tokens.delete(manager, id)).code());
        assertTrue(w.tokens.list(manager, noFilter(), new PageRequest(10, null)).data().stream()
                .noneMatch(t -> t.id().equals(id)));
    }

    @Test
    void a_token_deleted_here_stops_authenticating_at_once_even_when_just_used() {
        IssuedToken issued = create("ci", "VIEW");
        TokenId id = issued.token().id();
        w.tokens.authenticate(id.toString(), issued.secret());

        w.tokens.delete(manager, id);

        assertThrows(Unauthenticated.class, () -> w.tokens.authenticate(id.toString(), issued.secret()));
    }

    @Test
    void a_recently_verified_token_still_has_its_secret_checked() {
        IssuedToken issued = create("ci", "VIEW");
        w.tokens.authenticate(issued.token().id().toString(), issued.secret());

        assertThrows(Unauthenticated.class,
                () -> w.tokens.authenticate(issued.token().id().toString(), issued.secret() + "x"));
        assertEquals(issued.token().id(), w.tokens.authenticate(issued.token().id().toString(), issued.secret())
                .tokenId());
    }

    @Test
    void a_token_deleted_by_another_process_stops_authenticating_here_within_the_cache_lifetime() {
        IssuedToken issued = create("ci", "VIEW");
        TokenId id = issued.token().id();
        w.tokens.authenticate(id.toString(), issued.secret());

        w.apiTokens.delete(acme.id(), id, w.clock.now()); // another process: this one's cache is not told

        assertEquals(id, w.tokens.authenticate(id.toString(), issued.secret()).tokenId(), "within the lifetime");
        w.clock.advance(VerifiedTokens.TTL);
        assertThrows(Unauthenticated.class, () -> w.tokens.authenticate(id.toString(), issued.secret()));
    }

    @Test
    void a_token_verified_recently_authenticates_from_memory_alone_until_the_cache_lifetime_ends() {
        IssuedToken issued = create("ci", "VIEW");
        TokenId id = issued.token().id();
        String username = id.toString();
        assertEquals(Optional.empty(), w.tokens.authenticateRemembered(username, issued.secret()),
                "never verified: its token must be looked up");

        w.tokens.authenticate(username, issued.secret());
        w.apiTokens.delete(acme.id(), id, w.clock.now()); // what answers from now on cannot be the store

        assertEquals(id, w.tokens.authenticateRemembered(username, issued.secret()).orElseThrow().tokenId());
        assertEquals(id, w.tokens.authenticateRemembered(id.value().toString(), issued.secret()).orElseThrow()
                .tokenId(), "the bare uuid names it too");
        assertThrows(Unauthenticated.class, () -> w.tokens.authenticateRemembered(username, issued.secret() + "x"),
                "a wrong secret is refused from memory");
        assertThrows(Unauthenticated.class, () -> w.tokens.authenticateRemembered("not-a-token", issued.secret()));
        w.clock.advance(VerifiedTokens.TTL);
        assertEquals(Optional.empty(), w.tokens.authenticateRemembered(username, issued.secret()),
                "lapsed: the answer is to look it up, never a lookup of its own");
    }

    @Test
    void a_token_of_another_platform_cannot_be_read_or_deleted() {
        Platform other = w.platform(Environment.SANDBOX, "other.example", "USD");
        IssuedToken theirs = w.tokens.issue(other.id(), "theirs", EnumSet.of(Permission.VIEW));

        assertThrows(NotFound.class, () -> w.tokens.get(manager, theirs.token().id()));
        assertThrows(NotFound.class, () -> w.tokens.delete(manager, theirs.token().id()));
        assertEquals(other.id(), w.tokens.authenticate(theirs.token().id().toString(), theirs.secret()).platformId());
    }

    @Test
    void list_filters_by_name_newest_first() {
        create("a", "VIEW");
        w.clock.advance(java.time.Duration.ofSeconds(1));
        ApiToken b1 = create("b", "VIEW").token();
        w.clock.advance(java.time.Duration.ofSeconds(1));
        ApiToken b2 = create("b", "MANAGE").token();

        var page = w.tokens.list(manager, new TokenFilter("b", null, null, null, null),
                new PageRequest(10, null));

        assertEquals(List.of(b2.id(), b1.id()), page.data().stream().map(ApiToken::id).toList());
        assertEquals(2, page.totalCount());
    }

    // ---- ensure (the configured sandbox token) ----

    @Test
    void ensure_creates_the_token_with_every_permission_and_is_idempotent() {
        TokenId id = new TokenId(UUID.fromString("11111111-2222-4333-8444-555555555555"));

        w.tokens.ensure(acme.id(), id, "configured-secret-123", "Sandbox token");
        w.tokens.ensure(acme.id(), id, "configured-secret-123", "Sandbox token");

        Caller caller = w.tokens.authenticate(id.value().toString(), "configured-secret-123");
        assertEquals(EnumSet.allOf(Permission.class), caller.permissions());
        assertEquals(acme.id(), caller.platformId());
        assertEquals(1, w.tokens.list(manager, noFilter(), new PageRequest(10, null)).totalCount());
    }

    @Test
    void ensure_refuses_a_different_secret_for_an_existing_id() {
        TokenId id = new TokenId(UUID.fromString("11111111-2222-4333-8444-555555555555"));
        w.tokens.ensure(acme.id(), id, "configured-secret-123", "Sandbox token");

        Conflict e = assertThrows(Conflict.class,
                () -> w.tokens.ensure(acme.id(), id, "another-secret-4567", "Sandbox token"));

        assertEquals("CONFLICT", e.code());
        assertEquals(id, w.tokens.authenticate(id.toString(), "configured-secret-123").tokenId());
        assertThrows(Unauthenticated.class, () -> w.tokens.authenticate(id.toString(), "another-secret-4567"));
    }

    @Test
    void ensure_refuses_an_existing_id_of_another_platform() {
        TokenId id = new TokenId(UUID.fromString("11111111-2222-4333-8444-555555555555"));
        Platform other = w.platform(Environment.SANDBOX, "other.example", "USD");
        w.tokens.ensure(other.id(), id, "configured-secret-123", "Sandbox token");

        assertThrows(Conflict.class, () -> w.tokens.ensure(acme.id(), id, "configured-secret-123", "Sandbox token"));
        assertEquals(other.id(), w.tokens.authenticate(id.toString(), "configured-secret-123").platformId());
    }

    @Test
    void ensure_for_a_deleted_token_id_is_refused_with_a_conflict() {
        TokenId id = new TokenId(UUID.fromString("11111111-2222-4333-8444-555555555555"));
        w.tokens.ensure(acme.id(), id, "configured-secret-123", "Sandbox token");
        w.tokens.delete(manager, id);

        Conflict e = assertThrows(Conflict.class,
                () -> w.tokens.ensure(acme.id(), id, "configured-secret-123", "Sandbox token"));

        assertEquals("CONFLICT", e.code());
    }
}
