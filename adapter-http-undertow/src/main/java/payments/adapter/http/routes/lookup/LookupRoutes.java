package payments.adapter.http.routes.lookup;

import static payments.core.json.JsonSchema.arrayOf;
import static payments.core.json.JsonSchema.bool;
import static payments.core.json.JsonSchema.enumOf;
import static payments.core.json.JsonSchema.integer;
import static payments.core.json.JsonSchema.object;
import static payments.core.json.JsonSchema.ref;
import static payments.core.json.JsonSchema.string;
import static payments.core.platform.Permission.VIEW;

import java.util.Map;
import java.util.function.Function;
import payments.adapter.http.Operation;
import payments.adapter.http.Response;
import payments.adapter.http.Router;
import payments.adapter.http.Shape;
import payments.core.crypto.CryptoSchemas;
import payments.core.crypto.Vasps;
import payments.core.fx.WithdrawalFee;
import payments.core.json.JsonObject;
import payments.core.page.KeyedPage;
import payments.core.uma.UmaProvider;
import payments.core.uma.UmaProviderFilter;
import payments.core.validation.Types;
import payments.ports.crypto.CryptoWithdrawal;
import payments.ports.crypto.VaspUseCases;
import payments.ports.crypto.WithdrawalFeeUseCases;
import payments.ports.uma.UmaProviderUseCases;

/**
 * Look-ups beside the resources: {@code /uma-providers} (the UMA directory), {@code /vasps} (the custodians a crypto
 * wallet account may name) and {@code /crypto/estimate-withdrawal-fee} (what a withdrawal would cost). Each only
 * reads; the two directories are lists held whole, paged by key ({@link KeyedPage}).
 */
public final class LookupRoutes {
    static final Shape UMA_PROVIDER = new Shape("UmaProvider", object().required("name", string())
            .required("supportedRegions", arrayOf(string())).required("domain", string())
            .optional("logoUrl", string()).required("supportedCurrencies", arrayOf(ref("Currency")))
            .optional("lei", string()).required("allowListStatus", bool()).schema());
    /** The spec's VaspListResponse: a page without {@code totalCount}. */
    static final Shape VASP_LIST = new Shape("VaspListResponse", object()
            .required("data", arrayOf(object().required("vaspName", string()).optional("url", string()).schema()))
            .required("hasMore", bool()).optional("nextCursor", string()).schema());
    static final Shape WITHDRAWAL_FEE = new Shape("CryptoWithdrawalFeeEstimate", object()
            .required("networkFee", integer()).required("networkFeeAsset", string())
            .required("applicationFee", integer()).required("totalFee", integer()).required("netAmount", integer())
            .schema());

    private final UmaProviderUseCases umaProviders;
    private final VaspUseCases vasps;
    private final WithdrawalFeeUseCases withdrawalFees;

    public LookupRoutes(UmaProviderUseCases umaProviders, VaspUseCases vasps, WithdrawalFeeUseCases withdrawalFees) {
        this.umaProviders = umaProviders;
        this.vasps = vasps;
        this.withdrawalFees = withdrawalFees;
    }

    public void register(Router router) {
        router.get("/uma-providers", VIEW, Operation.of("List the UMA providers")
                .query("countryCode", Types.country().schema()).query("currencyCode", Types.currency().schema())
                .query("hasBlockedProviders", bool()).query("sortOrder", enumOf("asc", "desc")).paged()
                .answersPage(UMA_PROVIDER), r -> {
            var q = r.query();
            String country = q.checked("countryCode", Types.country());
            String currency = q.checked("currencyCode", Types.currency());
            Boolean blocked = q.bool("hasBlockedProviders");
            boolean ascending = q.ascending();
            var page = q.keyedPage();
            q.done();
            var filter = new UmaProviderFilter(country, currency, !Boolean.FALSE.equals(blocked));
            var listed = umaProviders.list(r.caller(), filter, ascending, page);
            return Response.ok(page(listed, LookupRoutes::provider).put("totalCount", listed.totalCount()).map());
        });
        router.get("/vasps", VIEW, Operation.of("List the custodians a crypto wallet account may name")
                .paged().answers(200, "A page of custodians", VASP_LIST), r -> {
            var q = r.query();
            var page = q.keyedPage();
            q.done();
            return Response.ok(page(vasps.list(r.caller(), page), LookupRoutes::vasp).map());
        });
        router.post("/crypto/estimate-withdrawal-fee", VIEW, Operation.of("Estimate a crypto withdrawal's fees")
                .body(CryptoSchemas.WITHDRAWAL_FEE_ESTIMATE).answers(200, "The fees", WITHDRAWAL_FEE), r -> {
            r.query().done();
            return Response.ok(withdrawalFee(withdrawalFees.estimate(r.caller(),
                    CryptoWithdrawal.fromJson(r.body()))));
        });
    }

    /** The list envelope without {@code totalCount}: data, hasMore, nextCursor (only when hasMore). */
    private static <T> JsonObject page(KeyedPage<T> page, Function<T, ?> item) {
        return JsonObject.of().put("data", page.data().stream().map(item).toList()).put("hasMore", page.hasMore())
                .put("nextCursor", page.nextCursor());
    }

    static Map<String, Object> provider(UmaProvider p) {
        return JsonObject.of().put("name", p.name()).put("supportedRegions", p.supportedRegions())
                .put("domain", p.domain()).put("logoUrl", p.logoUrl())
                .put("supportedCurrencies", p.supportedCurrencies().stream().map(JsonObject::currency).toList())
                .put("lei", p.lei()).put("allowListStatus", p.allowListStatus()).map();
    }

    static Map<String, Object> vasp(Vasps.Vasp v) {
        return JsonObject.of().put("vaspName", v.vaspName()).put("url", v.url()).map();
    }

    static Map<String, Object> withdrawalFee(WithdrawalFee f) {
        return JsonObject.of().put("networkFee", f.networkFee()).put("networkFeeAsset", f.networkFeeAsset())
                .put("applicationFee", f.applicationFee()).put("totalFee", f.totalFee())
                .put("netAmount", f.netAmount()).map();
    }
}
