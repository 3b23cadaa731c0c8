package payments.architecture;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * The same rules that guard the real code fail on a deliberately broken fixture, each for the
 * violation planted for it (see {@code payments.architecture.fixture.broken}).
 */
class BrokenFixtureTest {

  private static final String FIXTURE_ROOT = "payments.architecture.fixture.broken";

  @Test
  void everyRuleRejectsTheBrokenFixture() {
    // The fixture lives in test sources, so test classes are deliberately included here.
    JavaClasses fixture = new ClassFileImporter().importPackages(FIXTURE_ROOT);
    // The fixture's packages are small: a limit of 2 classes shows the size rule failing where 3 share one.
    HexagonRules rules = HexagonRules.forRoot(FIXTURE_ROOT, 2);

    assertAll(
        violated(rules.coreDependsOnJdkOnly, fixture, "core.LeakyMoney", "com.fasterxml.jackson.databind.ObjectMapper"),
        violated(rules.portsDependOnCoreOnly, fixture, "ports.driven.LeakyRepository", "adapter.persistence.PersistenceRow"),
        violated(rules.portsDependOnCoreOnly, fixture, "ports.app.LeakyService", "app.Wiring"),
        violated(rules.noFrameworkInCoreOrPorts, fixture, "core.LeakyMoney", "com.fasterxml.jackson.databind.ObjectMapper"),
        violated(rules.adaptersDoNotDependOnEachOther, fixture, "adapter.http.CrossAdapterHandler", "adapter.persistence.PersistenceRow"),
        violated(rules.onlyAppWiresAdapters, fixture, "ports.driven.LeakyRepository", "adapter.persistence.PersistenceRow"),
        violated(rules.coreAndPortsDoNotDependOnApp, fixture, "ports.app.LeakyService", "app.Wiring"),
        violated(rules.drivingAdaptersUseNoDrivenPort, fixture, "adapter.http.RouteUsingDrivenPort",
            "ports.driven.LeakyRepository"),
        violated(rules.adaptersUseNoService, fixture, "adapter.http.RouteUsingService", "ports.app.TiedService"),
        violated(rules.useCasesTakeTypedCommands, fixture, "ports.app.UntypedUseCases", "create(java.lang.Object)"),
        violated(rules.noTwoWayTies, fixture, "ports.app.TiedService", "ports.jobs.TiedJob"),
        violated(rules.capabilitiesFreeOfCycles, fixture, "capability 'app'", "capability 'jobs'"),
        violated(rules.packagesStaySmall, fixture, "package " + FIXTURE_ROOT + ".ports.app holds 3 classes",
            "UntypedUseCases"),
        violated(rules.classesStayNarrow, fixture, "ports.jobs.WideJob", "takes 9 parameters"));
  }

  /** The rule must throw, and its report must name the planted offender and its forbidden target. */
  private static Executable violated(ArchRule rule, JavaClasses classes, String offender, String target) {
    return () -> {
      AssertionError error = assertThrows(AssertionError.class, () -> rule.check(classes),
          "expected a violation of: " + rule.getDescription());
      String report = error.getMessage();
      assertTrue(report.contains(offender) && report.contains(target),
          () -> "'" + rule.getDescription() + "' failed, but not for " + offender + " -> " + target
              + ":\n" + report);
    };
  }
}
