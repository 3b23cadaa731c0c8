package payments.architecture;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The real code base (production classes of every module, no tests, hence no fixtures) obeys every rule. */
class HexagonArchitectureTest {

  private static final HexagonRules RULES = HexagonRules.PAYMENTS;
  private static JavaClasses production;

  @BeforeAll
  static void importProductionClasses() {
    production = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("payments");
  }

  /** Guards against a vacuous pass: every layer and adapter must actually be on the classpath. */
  @Test
  void importSeesEveryModule() {
    for (String pkg : List.of(
        "payments.core", "payments.ports.driven", "payments.ports.transfer", "payments.ports.batch",
        "payments.adapter.http", "payments.adapter.http.routes", "payments.adapter.http.webhook",
        "payments.adapter.persistence", "payments.adapter.persistence.schema",
        "payments.adapter.sandbox", "payments.adapter.bank", "payments.adapter.crypto", "payments.adapter.metrics", "payments.app")) {
      assertTrue(production.stream().anyMatch(c -> c.getPackageName().startsWith(pkg)),
          "no production classes imported from " + pkg);
    }
    assertTrue(production.stream().noneMatch(c -> c.getPackageName().startsWith("payments.architecture")),
        "test classes (fixtures) must not be part of the production import");
  }

  @Test
  void coreDependsOnJdkOnly() {
    RULES.coreDependsOnJdkOnly.check(production);
  }

  @Test
  void portsDependOnCoreOnly() {
    RULES.portsDependOnCoreOnly.check(production);
  }

  @Test
  void noFrameworkInCoreOrPorts() {
    RULES.noFrameworkInCoreOrPorts.check(production);
  }

  @Test
  void adaptersDoNotDependOnEachOther() {
    RULES.adaptersDoNotDependOnEachOther.check(production);
  }

  @Test
  void onlyAppWiresAdapters() {
    RULES.onlyAppWiresAdapters.check(production);
  }

  @Test
  void coreAndPortsDoNotDependOnApp() {
    RULES.coreAndPortsDoNotDependOnApp.check(production);
  }

  @Test
  void drivingAdaptersUseNoDrivenPort() {
    RULES.drivingAdaptersUseNoDrivenPort.check(production);
  }

  @Test
  void adaptersUseNoService() {
    RULES.adaptersUseNoService.check(production);
  }

  @Test
  void useCasesTakeTypedCommands() {
    RULES.useCasesTakeTypedCommands.check(production);
  }

  @Test
  void noTwoWayTies() {
    RULES.noTwoWayTies.check(production);
  }

  @Test
  void capabilitiesFreeOfCycles() {
    RULES.capabilitiesFreeOfCycles.check(production);
  }

  @Test
  void packagesStaySmall() {
    RULES.packagesStaySmall.check(production);
  }

  @Test
  void classesStayNarrow() {
    RULES.classesStayNarrow.check(production);
  }
}
