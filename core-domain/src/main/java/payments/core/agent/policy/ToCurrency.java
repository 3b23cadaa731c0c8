package payments.core.agent.policy;

import payments.core.money.Money;

/** An amount in another currency, at the service's own rate now: how a policy compares amounts of any currency. */
@FunctionalInterface
public interface ToCurrency {
    long convert(Money amount, String currency);
}
