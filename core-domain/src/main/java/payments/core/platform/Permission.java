package payments.core.platform;

/** What an API token may do: read, move money, or manage configuration, tokens and customers. */
public enum Permission {
    VIEW, TRANSACT, MANAGE
}
