package payments.core.agent;

import payments.core.quote.Quote;
import payments.core.transaction.Transaction;

/** An agent action with what it names: its quote (to execute one) and its transaction (once it executed). */
public record ActionView(AgentAction action, Quote quote, Transaction transaction) {
}
