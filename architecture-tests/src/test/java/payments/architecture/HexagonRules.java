package payments.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.lang.ArchRule;
import java.util.List;

/**
 * The hexagon's dependency rules, defined once and parameterised by the root package so that the
 * very same rules run against the real code ({@link #PAYMENTS}) and against the deliberately broken
 * fixture ({@code forRoot("payments.architecture.fixture.broken")}).
 *
 * <p>Layout below {@code root}: {@code core..} (domain), {@code ports..} (driven ports and
 * application services), {@code adapter.<name>..} (one package per adapter; the jOOQ generated code
 * in {@code adapter.persistence.schema} is part of the persistence adapter) and {@code app..} (the
 * assembly that wires adapters to ports).
 */
public final class HexagonRules {

  /** Third-party frameworks the adapters use; none of them may leak into core or ports. */
  public static final String[] FRAMEWORK_PACKAGES = {
    "io.undertow..", "org.xnio..", "org.jboss..",
    "org.jooq..", "com.zaxxer..", "org.flywaydb..", "org.postgresql..", "io.zonky..",
    "com.fasterxml..",
    "org.bouncycastle..", "com.nimbusds..",
    "jakarta..", "javax..", "org.slf4j..",
  };

  /** The rules for the real code base. */
  public static final HexagonRules PAYMENTS = forRoot("payments");

  /** 1. core-domain depends on the JDK only. */
  public final ArchRule coreDependsOnJdkOnly;
  /** 2. ports depend on core-domain (and the JDK) only. */
  public final ArchRule portsDependOnCoreOnly;
  /** 3. no framework in core or ports (implied by 1 and 2, stated explicitly). */
  public final ArchRule noFrameworkInCoreOrPorts;
  /** 4. adapters never depend on each other. */
  public final ArchRule adaptersDoNotDependOnEachOther;
  /** 5. only the assembly (and an adapter itself) references adapter code. */
  public final ArchRule onlyAppWiresAdapters;
  /** 6. core and ports never depend on the assembly. */
  public final ArchRule coreAndPortsDoNotDependOnApp;

  public static HexagonRules forRoot(String root) {
    return new HexagonRules(root);
  }

  private HexagonRules(String root) {
    String core = root + ".core..";
    String ports = root + ".ports..";
    String adapters = root + ".adapter..";
    String app = root + ".app..";

    coreDependsOnJdkOnly =
        classes().that().resideInAPackage(core)
            .should().onlyDependOnClassesThat().resideInAnyPackage(core, "java..")
            .as("1. core-domain (" + core + ") depends on the JDK (java..) only")
            .because("the domain must stay free of javax, frameworks and outer layers");

    portsDependOnCoreOnly =
        classes().that().resideInAPackage(ports)
            .should().onlyDependOnClassesThat().resideInAnyPackage(ports, core, "java..")
            .as("2. ports (" + ports + ") depend on core-domain (" + core + ") and java.. only")
            .because("ports are the hexagon's boundary and may only speak the domain's language");

    noFrameworkInCoreOrPorts =
        noClasses().that().resideInAnyPackage(core, ports)
            .should().dependOnClassesThat().resideInAnyPackage(FRAMEWORK_PACKAGES)
            .as("3. no framework package (Undertow, jOOQ, Jackson, Bouncy Castle, Nimbus, Hikari,"
                + " Flyway, PostgreSQL, Zonky, jakarta, javax, SLF4J) in " + core + " or " + ports)
            .because("frameworks belong in adapters");

    adaptersDoNotDependOnEachOther =
        slices().matching(root + ".adapter.(*)..").namingSlices("adapter '$1'")
            .should().notDependOnEachOther()
            .as("4. adapters (" + root + ".adapter.<name>..) never depend on each other")
            .because("each adapter talks to the core through ports; only the assembly combines them");

    onlyAppWiresAdapters =
        noClasses().that().resideOutsideOfPackages(app, adapters)
            .should().dependOnClassesThat().resideInAPackage(adapters)
            .as("5. nothing outside " + app + " (and the adapters themselves) depends on " + adapters)
            .because("only the assembly wires adapters; with rule 4 it is the only place that may"
                + " reference more than one adapter");

    coreAndPortsDoNotDependOnApp =
        noClasses().that().resideInAnyPackage(core, ports)
            .should().dependOnClassesThat().resideInAPackage(app)
            .as("6. core-domain and ports never depend on the assembly (" + app + ")")
            .because("dependencies point inwards");
  }

  /** All rules, in the order above. */
  public List<ArchRule> all() {
    return List.of(
        coreDependsOnJdkOnly,
        portsDependOnCoreOnly,
        noFrameworkInCoreOrPorts,
        adaptersDoNotDependOnEachOther,
        onlyAppWiresAdapters,
        coreAndPortsDoNotDependOnApp);
  }
}
