package payments.core.json;

/**
 * A JSON value already written (as the database keeps it), carried as it is into a document being written: a webhook
 * event's data goes into each delivery's envelope without being read and written again.
 */
public record JsonText(String text) {
}
