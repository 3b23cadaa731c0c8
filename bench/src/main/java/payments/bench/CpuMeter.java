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
    private final long[] machine;

    private CpuMeter(long javaNanos, long postgresNanos, long[] machine) {
        this.javaNanos = javaNanos;
        this.postgresNanos = postgresNanos;
        this.machine = machine;
    }

    static CpuMeter start() {
        return new CpuMeter(javaNanos(), postgresNanos(), machineTicks());
    }

    /**
     * Since {@link #start}: CPU per operation in milliseconds of this JVM and of PostgreSQL, and the share of the
     * machine's time its hypervisor gave to other machines (steal): {java, postgres, steal}. A run with much steal
     * measured a slower machine than the others.
     */
    double[] perOperation(long operations) {
        long n = Math.max(1, operations);
        long[] now = machineTicks();
        long total = now[0] - machine[0];
        return new double[] {(javaNanos() - javaNanos) / 1e6 / n, (postgresNanos() - postgresNanos) / 1e6 / n,
                total > 0 ? (double) (now[1] - machine[1]) / total : 0};
    }

    /** All the machine's CPU ticks and its stolen ones, from the first line of /proc/stat ({0, 0} elsewhere). */
    private static long[] machineTicks() {
        try {
            String[] cpu = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
            long total = 0;
            for (int i = 1; i < Math.min(cpu.length, 9); i++) { // user .. steal (guest time is inside user)
                total += Long.parseLong(cpu[i]);
            }
            return new long[] {total, cpu.length > 8 ? Long.parseLong(cpu[8]) : 0};
        } catch (IOException | RuntimeException e) {
            return new long[] {0, 0};
        }
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
