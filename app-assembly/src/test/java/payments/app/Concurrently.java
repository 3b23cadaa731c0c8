package payments.app;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/** Races of API calls: each call on a thread of its own, all let go at the same moment. */
final class Concurrently {
    private Concurrently() {
    }

    /** Runs the calls at once and returns their replies in the calls' order. */
    @SafeVarargs
    static List<ApiClient.Reply> run(Callable<ApiClient.Reply>... calls) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(calls.length);
        try {
            CountDownLatch go = new CountDownLatch(1);
            List<Future<ApiClient.Reply>> replies = new ArrayList<>();
            for (Callable<ApiClient.Reply> call : calls) {
                replies.add(pool.submit(() -> {
                    go.await();
                    return call.call();
                }));
            }
            go.countDown();
            List<ApiClient.Reply> answered = new ArrayList<>();
            for (Future<ApiClient.Reply> reply : replies) {
                answered.add(reply.get(30, TimeUnit.SECONDS));
            }
            return answered;
        } finally {
            pool.shutdown();
        }
    }

    /** The replies' statuses, sorted: what a race must come to whichever call won. */
    static List<Integer> statuses(List<ApiClient.Reply> replies) {
        return replies.stream().map(ApiClient.Reply::status).sorted().toList();
    }
}
