package payments.ports.card;

import java.util.List;
import java.util.UUID;
import payments.core.card.DelegatedKey;
import payments.core.id.InternalAccountId;
import payments.core.platform.Caller;
import payments.ports.wallet.SignedCall;
import payments.ports.wallet.SignedOutcome;

/**
 * Keys the service holds to stamp card payments from an embedded wallet: created by a signed retry of three legs
 * (the request; the request signed, which makes the key and asks for it to be signed; the key signed, which
 * activates it), one {@code ACTIVE} key per card funding source, revoked at will.
 */
public interface DelegatedKeyUseCases {
    SignedOutcome<DelegatedKey> create(Caller caller, NewDelegatedKey command, SignedCall call);

    List<DelegatedKey> list(Caller caller, InternalAccountId account, UUID fundingSourceId);

    DelegatedKey get(Caller caller, UUID id);

    void revoke(Caller caller, UUID id);
}
