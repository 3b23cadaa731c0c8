package payments.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * CPU time used by this JVM (server and load generator) and by every PostgreSQL process on the machine, between two
 * readings. On a shared machine the rate a run reaches varies by ±20 % from run to run; the CPU each operation costs
 * varies much less, so it is the figure to compare two versions by.
 */
final class CpuMeter {
    /** Linux's clock ticks per second for /proc/[pid]/stat ({@code getconf CLK_TCK}). */
    private static final long TICKS_PER_SECOND = 100;
    private final long javaNanos;
    private final long postgresNanos;

    private CpuMeter(long javaNanos, long postgresNanos) {
        this.javaNanos = javaNanos;
        this.postgresNanos = postgresNanos;
    }

    static CpuMeter start() {
        return new CpuMeter(javaNanos(), postgresNanos());
    }

    /** CPU used since {@link #start}, per operation, in milliseconds: {java, postgres}. */
    double[] perOperation(long operations) {
        long n = Math.max(1, operations);
        return new double[] {(javaNanos() - javaNanos) / 1e6 / n, (postgresNanos() - postgresNanos) / 1e6 / n};
    }

    private static long javaNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    /** User and system time of the processes named postgres (0 where /proc cannot be read, e.g. not Linux). */
    private static long postgresNanos() {
        try (Stream<Path> processes = Files.list(Path.of("/proc"))) {
            return processes.filter(p -> p.getFileName().toString().chars().allMatch(Character::isDigit))
                    .mapToLong(CpuMeter::postgresTicks).sum() * (1_000_000_000L / TICKS_PER_SECOND);
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    private static long postgresTicks(Path process) {
        try {
            String stat = Files.readString(process.resolve("stat"));
            int close = stat.lastIndexOf(')');
            if (!stat.substring(stat.indexOf('(') + 1, close).equals("postgres")) {
                return 0;
            }
            // After "pid (comm) ": state is field 3, utime field 14, stime field 15.
            String[] fields = stat.substring(close + 2).split(" ");
            return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
        } catch (IOException | RuntimeException gone) {
            return 0; // the process ended between the listing and the read
        }
    }
}
