package payments.ports.compliance;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import payments.core.compliance.BeneficialOwner;
import payments.core.compliance.VerificationRules;
import payments.core.customer.Customer;
import payments.core.customer.CustomerType;
import payments.core.error.InvalidFields;
import payments.core.id.CustomerId;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.core.platform.Caller;
import payments.core.platform.Permission;
import payments.ports.driven.Clock;
import payments.ports.driven.Ids;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.compliance.BeneficialOwners;
import payments.ports.driven.customer.Customers;

/**
 * {@link BeneficialOwnerUseCases}. A change locks the business's customer row first, so that two owners added at
 * once cannot together take the business above 100 %.
 */
public final class BeneficialOwnerService implements BeneficialOwnerUseCases {
    private final BeneficialOwners owners;
    private final Customers customers;
    private final TransactionRunner tx;
    private final Clock clock;
    private final Ids ids;

    public BeneficialOwnerService(BeneficialOwners owners, Customers customers, TransactionRunner tx, Clock clock,
                                  Ids ids) {
        this.owners = owners;
        this.customers = customers;
        this.tx = tx;
        this.clock = clock;
        this.ids = ids;
    }

    @Override
    public BeneficialOwner create(Caller caller, NewBeneficialOwner command) {
        caller.require(Permission.MANAGE);
        return tx.inTransaction(() -> {
            Customer business = lockedBusiness(caller, command.customerId());
            VerificationRules.checkOwnership(command.ownershipPercentage(),
                    owners.ownersOf(caller.platformId(), business.id()));
            var now = clock.now();
            BeneficialOwner owner = new BeneficialOwner(ids.newId(), caller.platformId(), business.id(),
                    command.roles(), command.ownershipPercentage(), command.personalInfo(), "PENDING", now, now);
            owners.insert(owner);
            return owner;
        });
    }

    @Override
    public Page<BeneficialOwner> list(Caller caller, CustomerId customer, PageRequest page) {
        caller.require(Permission.VIEW);
        return owners.list(caller.platformId(), customer, page);
    }

    @Override
    public BeneficialOwner get(Caller caller, UUID id) {
        caller.require(Permission.VIEW);
        return owners.find(caller.platformId(), id)
                .orElseThrow(() -> BeneficialOwner.notFound(BeneficialOwner.KIND + ":" + id));
    }

    @Override
    public BeneficialOwner update(Caller caller, UUID id, BeneficialOwnerUpdate command) {
        caller.require(Permission.MANAGE);
        return tx.inTransaction(() -> {
            BeneficialOwner current = owners.findForUpdate(caller.platformId(), id)
                    .orElseThrow(() -> BeneficialOwner.notFound(BeneficialOwner.KIND + ":" + id));
            lockedBusiness(caller, current.customerId());
            int percentage = command.ownershipPercentage() != null ? command.ownershipPercentage()
                    : current.ownershipPercentage();
            VerificationRules.checkOwnership(percentage, owners.ownersOf(caller.platformId(), current.customerId())
                    .stream().filter(o -> !o.id().equals(id)).toList());
            Map<String, Object> info = new LinkedHashMap<>(current.personalInfo());
            if (command.personalInfo() != null) {
                info.putAll(command.personalInfo());
            }
            List<String> roles = command.roles() != null ? command.roles() : current.roles();
            BeneficialOwner updated = current.changed(roles, percentage, info, clock.now());
            owners.update(updated);
            return updated;
        });
    }

    private Customer lockedBusiness(Caller caller, CustomerId id) {
        Customer customer = customers.findForUpdate(caller.platformId(), id).filter(c -> !c.isDeleted())
                .orElseThrow(() -> Customer.notFound(id));
        if (customer.type() != CustomerType.BUSINESS) {
            throw InvalidFields.of("customerId", "names an individual; only a business has beneficial owners");
        }
        return customer;
    }
}
