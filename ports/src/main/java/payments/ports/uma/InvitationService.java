package payments.ports.uma;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import payments.core.customer.Customer;
import payments.core.customer.CustomerFilter;
import payments.core.customer.CustomerRules;
import payments.core.error.Forbidden;
import payments.core.error.InvalidFields;
import payments.core.error.InvalidInput;
import payments.core.error.NotFound;
import payments.core.id.PlatformId;
import payments.core.invitation.Invitation;
import payments.core.invitation.InvitationSchemas;
import payments.core.invitation.InvitationView;
import payments.core.money.Currencies;
import payments.core.money.Money;
import payments.core.page.PageRequest;
import payments.core.platform.Caller;
import payments.core.platform.Permission;
import payments.core.platform.Platform;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.customer.Customers;
import payments.ports.driven.platform.Platforms;
import payments.ports.driven.uma.InvitationCodes;
import payments.ports.driven.uma.Invitations;
import payments.ports.time.PlatformClock;
import payments.ports.webhook.Events;

/**
 * UMA invitations: a platform's customer invites someone; the invitee's platform (any platform: codes are shared)
 * reads and claims the invitation by its code; only the inviting platform may cancel it. Times, expiry included,
 * are the inviting platform's ({@link PlatformClock}), so a sandbox clock advance expires its invitations.
 */
public final class InvitationService implements InvitationUseCases {
    private final Invitations invitations;
    private final Customers customers;
    private final Platforms platforms;
    private final InvitationCodes codes;
    private final PlatformClock clock;
    private final TransactionRunner tx;
    private final Events events;

    public InvitationService(Invitations invitations, Customers customers, Platforms platforms,
                             InvitationCodes codes, PlatformClock clock, TransactionRunner tx, Events events) {
        this.invitations = invitations;
        this.customers = customers;
        this.platforms = platforms;
        this.codes = codes;
        this.clock = clock;
        this.tx = tx;
        this.events = events;
    }

    @Override
    public InvitationView create(Caller caller, NewInvitation command) {
        caller.require(Permission.MANAGE);
        return tx.inTransaction(() -> {
            Platform platform = platforms.find(caller.platformId()).orElseThrow();
            requireConfigured(platform);
            String inviterUma = InvitationSchemas.umaAddress(command.inviterUma(), "inviterUma");
            Customer inviter = activeCustomer(platform.id(), inviterUma).orElseThrow(() -> new InvalidInput(
                    "INVALID_UMA_ADDRESS", "No active customer of this platform has the UMA address " + inviterUma));
            Money amount = command.amountToSend() == null ? null
                    : inCustomerCurrency(inviter, command.amountToSend());
            Instant now = now(platform);
            Invitation created = Invitation.create(codes.newCode(), platform.id(), inviterUma, command.firstName(),
                    amount, command.expiresAt(), now);
            invitations.insert(created);
            return view(created, platform, now);
        });
    }

    /** Any platform may read an invitation by its code: the invitee's platform shows it before claiming. */
    @Override
    public InvitationView get(Caller caller, String code) {
        caller.require(Permission.VIEW);
        PlatformId owner = ownerOf(code);
        Invitation invitation = invitations.find(owner, code).orElseThrow(() -> notFound(code));
        Platform platform = platforms.find(owner).orElseThrow();
        return view(invitation, platform, now(platform));
    }

    /**
     * The invitee's platform claims the invitation for {@code inviteeUma}, one of its addresses; it needs a UMA
     * domain of its own. The inviting platform gets the {@code INVITATION.CLAIMED} webhook.
     */
    @Override
    public InvitationView claim(Caller caller, String code, InvitationClaim command) {
        caller.require(Permission.MANAGE);
        return tx.inTransaction(() -> {
            Platform claimant = platforms.find(caller.platformId()).orElseThrow();
            requireConfigured(claimant);
            String inviteeUma = InvitationSchemas.umaAddress(command.inviteeUma(), "inviteeUma");
            // The invitee is the claiming platform's: else any holder of the code could aim the inviter's payment
            // at an address of anyone's.
            if (!CustomerRules.isOnDomain(inviteeUma, claimant.config().umaDomain())) {
                throw new InvalidInput("INVALID_UMA_ADDRESS", "inviteeUma must be on this platform's UMA domain, "
                        + claimant.config().umaDomain(), Map.of("field", "inviteeUma"));
            }
            PlatformId owner = ownerOf(code);
            Invitation current = invitations.findForUpdate(owner, code).orElseThrow(() -> notFound(code));
            Platform platform = platforms.find(owner).orElseThrow();
            Instant now = now(platform);
            Invitation claimed = current.claimed(inviteeUma, now);
            invitations.update(claimed);
            InvitationView view = view(claimed, platform, now);
            events.invitationClaimed(view);
            return view;
        });
    }

    /** Only the inviting platform may cancel: another platform's attempt is 403, not 404 (codes are shared). */
    @Override
    public InvitationView cancel(Caller caller, String code) {
        caller.require(Permission.MANAGE);
        return tx.inTransaction(() -> {
            if (!ownerOf(code).equals(caller.platformId())) {
                throw new Forbidden("FORBIDDEN", "Only the platform that created invitation " + code
                        + " may cancel it");
            }
            Invitation current = invitations.findForUpdate(caller.platformId(), code)
                    .orElseThrow(() -> notFound(code));
            Platform platform = platforms.find(caller.platformId()).orElseThrow();
            Instant now = now(platform);
            Invitation cancelled = current.cancelled(now);
            invitations.update(cancelled);
            return view(cancelled, platform, now);
        });
    }

    private PlatformId ownerOf(String code) {
        if (!Invitation.looksLikeCode(code)) {
            throw notFound(code);
        }
        return invitations.ownerOf(code).orElseThrow(() -> notFound(code));
    }

    private Optional<Customer> activeCustomer(PlatformId platform, String umaAddress) {
        var byUma = new CustomerFilter(null, null, null, null, null, null, null, null, umaAddress, false);
        return customers.list(platform, byUma, new PageRequest(1, null)).data().stream().findFirst();
    }

    /** amountToSend is in minor units of the inviter's first currency, the one the invitee would be shown. */
    private static Money inCustomerCurrency(Customer inviter, long amountMinor) {
        if (inviter.currencies().isEmpty()) {
            throw InvalidFields.of("amountToSend", "the inviting customer holds no currency to express it in");
        }
        return new Money(amountMinor, Currencies.of(inviter.currencies().get(0)));
    }

    /** Invitations live on the platform's UMA domain (their claim link is there): without one there are none. */
    private static void requireConfigured(Platform platform) {
        String domain = platform.config().umaDomain();
        if (domain == null || domain.isBlank()) {
            throw new InvalidInput("INVITATIONS_NOT_CONFIGURED",
                    "Invitations need a umaDomain in the platform configuration (PATCH /config)");
        }
    }

    private Instant now(Platform platform) {
        return clock.now(platform.id(), platform.environment());
    }

    private static InvitationView view(Invitation invitation, Platform owner, Instant now) {
        return new InvitationView(invitation, invitation.statusAt(now), invitation.url(owner.config().umaDomain()));
    }

    private static NotFound notFound(String code) {
        return new NotFound("INVITATION_NOT_FOUND",
                Invitation.looksLikeCode(code) ? "No invitation " + code : "No such invitation");
    }
}
