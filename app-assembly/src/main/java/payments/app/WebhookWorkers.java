package payments.app;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import payments.ports.webhook.WebhookDelivery;
import payments.ports.webhook.WebhookDelivery.Call;
import payments.ports.webhook.WebhookDelivery.Made;

/**
 * A server process's webhook deliveries, as a pipeline: one thread claims due events, as many at once as callers are
 * free (one database transaction); a pool of callers makes the calls, each on a connection the transport keeps alive;
 * one thread records the outcomes, as many at once as have ended (one transaction). A slow endpoint holds only its
 * own calls (at most its places in flight), never the claims or the records of the others.
 */
final class WebhookWorkers implements AutoCloseable {
    /** The most events one claim takes, and one record writes. */
    static final int BATCH = 200;
    /**
     * After a claim that took every due event, the claimer waits this long before the next, and the recorder this
     * long after the first outcome, so that a steady flow of events is claimed and recorded many at a time instead of
     * one transaction per event.
     */
    static final long GATHER_MILLIS = 10;
    private static final Logger LOG = Logger.getLogger(WebhookWorkers.class.getName());

    private final WebhookDelivery delivery;
    private final long pollMillis;
    /** Callers free to make a call: a claim takes no more events. */
    private final Semaphore free;
    /** Released when a call ends (a platform's place in flight frees up), so the claimer need not wait a poll. */
    private final Semaphore ended = new Semaphore(0);
    private final ExecutorService callers;
    private final BlockingQueue<Made> made = new LinkedBlockingQueue<>();
    private final Thread claimer;
    private final Thread recorder;
    private volatile boolean claiming = true;
    private volatile boolean recording = true;

    WebhookWorkers(WebhookDelivery delivery, int calls, long pollMillis) {
        this.delivery = delivery;
        this.pollMillis = pollMillis;
        this.free = new Semaphore(calls);
        this.callers = Executors.newFixedThreadPool(calls, r -> daemon(r, "webhook-call"));
        this.claimer = daemon(this::claimLoop, "webhook-claims");
        this.recorder = daemon(this::recordLoop, "webhook-records");
        claimer.start();
        recorder.start();
    }

    /** A worker thread, a daemon: it never keeps the JVM from exiting ({@link Workers}' threads are made here too). */
    static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    private void claimLoop() {
        while (claiming) {
            int wanted = 0;
            try {
                free.acquire();
                wanted = 1 + free.drainPermits();
                if (wanted > BATCH) {
                    free.release(wanted - BATCH);
                    wanted = BATCH;
                }
                List<Call> calls = claiming ? delivery.claim(wanted) : List.of();
                boolean tookEveryDue = calls.size() < wanted;
                free.release(wanted - calls.size());
                wanted = 0;
                for (Call call : calls) {
                    callers.execute(() -> call(call));
                }
                if (calls.isEmpty()) {
                    ended.drainPermits();
                    ended.tryAcquire(pollMillis, TimeUnit.MILLISECONDS); // nothing due: poll, or a place freed
                } else if (tookEveryDue) {
                    Thread.sleep(GATHER_MILLIS); // let the next ones gather
                }
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                free.release(wanted);
                LOG.log(Level.WARNING, "webhook claim failed; retrying next poll", e);
                pause(pollMillis);
            }
        }
    }

    private void call(Call call) {
        try {
            made.add(delivery.call(call));
        } finally {
            free.release();
            ended.release();
        }
    }

    private void recordLoop() {
        List<Made> batch = new ArrayList<>();
        while (recording || !made.isEmpty()) {
            try {
                Made first = made.poll(50, TimeUnit.MILLISECONDS);
                if (first == null) {
                    continue;
                }
                if (recording && made.size() < BATCH) {
                    Thread.sleep(GATHER_MILLIS); // the calls ending meanwhile are recorded in the same transaction
                }
                batch.add(first);
                made.drainTo(batch, BATCH - 1);
                delivery.record(batch);
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                // The attempts stay IN_FLIGHT until their leases run out; the events are then claimed again.
                LOG.log(Level.WARNING, "recording " + batch.size() + " webhook attempts failed", e);
            }
            batch.clear();
        }
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Claims nothing more, and lets the calls under way go on: the first step of a stop. */
    void stopClaiming() {
        claiming = false;
        ended.release();
        callers.shutdown();
    }

    /**
     * Ends the calls still running after the stop's grace ({@link Workers#FINISH_SECONDS} since
     * {@link #stopClaiming}): each is interrupted, and given back uncounted unless it was answered; then every
     * outcome is recorded.
     */
    @Override
    public void close() {
        stopClaiming();
        try {
            claimer.join(TimeUnit.SECONDS.toMillis(Workers.FINISH_SECONDS));
            if (!callers.awaitTermination(0, TimeUnit.SECONDS)) {
                callers.shutdownNow();
                callers.awaitTermination(Workers.INTERRUPTED_SECONDS, TimeUnit.SECONDS);
            }
            recording = false;
            recorder.join(TimeUnit.SECONDS.toMillis(Workers.INTERRUPTED_SECONDS));
        } catch (InterruptedException e) {
            callers.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }
}
