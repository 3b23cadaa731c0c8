package payments.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaMethod;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The hexagon's dependency rules, defined once and parameterised by the root package so that the
 * very same rules run against the real code ({@link #PAYMENTS}) and against the deliberately broken
 * fixture ({@code forRoot("payments.architecture.fixture.broken")}).
 *
 * <p>Layout below {@code root}: {@code core..} (domain), {@code ports..} (one package per capability with its
 * driving ports, command records and services, and {@code ports.driven..} with the driven ports),
 * {@code adapter.<name>..} (one package tree per adapter; the jOOQ generated code in
 * {@code adapter.persistence.schema} is part of the persistence adapter; {@code adapter.http.webhook} is the HTTP
 * adapter's driven side, the outgoing webhook calls) and {@code app..} (the assembly that wires adapters to ports).
 */
public final class HexagonRules {

  /** Third-party frameworks the adapters use; none of them may leak into core or ports. */
  public static final String[] FRAMEWORK_PACKAGES = {
    "io.undertow..", "org.xnio..", "org.jboss..",
    "org.jooq..", "com.zaxxer..", "org.flywaydb..", "org.postgresql..", "io.zonky..",
    "com.fasterxml..",
    "org.bouncycastle..", "com.nimbusds..", "com.prowidesoftware..",
    "jakarta..", "javax..", "org.slf4j..",
  };

  /** The most classes (top level) a package holds: a capability that grows past it is split. */
  public static final int MAX_CLASSES_PER_PACKAGE = 15;

  /** The most collaborators a class takes: one that needs more does more than one thing. */
  public static final int MAX_COLLABORATORS = 8;

  /** The rules for the real code base. */
  public static final HexagonRules PAYMENTS = forRoot("payments", MAX_CLASSES_PER_PACKAGE);

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
  /** 7. a driving adapter (the HTTP routes) reaches the core through driving ports only, never a driven one. */
  public final ArchRule drivingAdaptersUseNoDrivenPort;
  /** 8. no adapter depends on an application service: only on the ports' interfaces, records and enums. */
  public final ArchRule adaptersUseNoService;
  /** 9. a use case takes typed commands: no driving-port method takes a plain {@code Object}. */
  public final ArchRule useCasesTakeTypedCommands;
  /** 10. no two classes depend on each other both ways (generated code aside). */
  public final ArchRule noTwoWayTies;
  /** 11. the capabilities of the ports depend on each other without cycles. */
  public final ArchRule capabilitiesFreeOfCycles;
  /** 12. no package holds more than the limit's classes (generated code aside). */
  public final ArchRule packagesStaySmall;
  /** 13. no class takes more than {@link #MAX_COLLABORATORS} constructor parameters (records and the assembly aside). */
  public final ArchRule classesStayNarrow;

  public static HexagonRules forRoot(String root, int maxClassesPerPackage) {
    return new HexagonRules(root, maxClassesPerPackage);
  }

  private HexagonRules(String root, int maxClassesPerPackage) {
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

    String driven = root + ".ports.driven..";
    drivingAdaptersUseNoDrivenPort =
        noClasses().that().resideInAPackage(root + ".adapter.http..")
            .and().resideOutsideOfPackage(root + ".adapter.http.webhook..")
            .should().dependOnClassesThat().resideInAPackage(driven)
            .as("7. the HTTP routes (" + root + ".adapter.http.., the outgoing webhooks aside) depend on no driven"
                + " port (" + driven + ")")
            .because("a driving adapter calls use cases; what they need from outside is theirs to ask");

    adaptersUseNoService =
        noClasses().that().resideInAPackage(adapters)
            .should().dependOnClassesThat(service(ports, driven))
            .as("8. no adapter (" + adapters + ") depends on a concrete class of " + ports + " outside " + driven)
            .because("adapters depend on the ports' interfaces and records; which service implements them is"
                + " the assembly's choice");

    useCasesTakeTypedCommands =
        noClasses().that().resideInAPackage(ports).and().resideOutsideOfPackage(driven).and().areInterfaces()
            .should(declareAMethodTaking(Object.class))
            .as("9. no driving port of " + ports + " takes a plain Object")
            .because("a use case takes a command record built at the edge, not a body it reads by name");

    String schema = root + ".adapter.persistence.schema..";
    noTwoWayTies =
        classes().that().resideInAPackage(root + "..").and().resideOutsideOfPackage(schema)
            .should(notBeTiedBothWaysWithin(root + ".."))
            .as("10. no two classes of " + root + " depend on each other both ways (the generated " + schema
                + " aside)")
            .because("a job or helper reaches its owner through a narrow interface, or its logic moves there");

    capabilitiesFreeOfCycles =
        slices().matching(root + ".ports.(*)..").namingSlices("capability '$1'")
            .should().beFreeOfCycles()
            .as("11. the capabilities of " + ports + " depend on each other without cycles");

    packagesStaySmall =
        classes().that().resideInAPackage(root + "..")
            .and().resideOutsideOfPackage(schema)
            .and().areTopLevelClasses()
            .should(resideInAPackageOfAtMost(maxClassesPerPackage))
            .as("12. no package of " + root + " holds more than " + maxClassesPerPackage + " classes")
            .because("a reader finds a capability's room at a glance; a package that outgrows it is split");

    classesStayNarrow =
        classes().that().resideInAPackage(root + "..")
            .and().resideOutsideOfPackages(schema, app)
            .and().areNotRecords()
            .should(takeAtMostCollaborators(MAX_COLLABORATORS))
            .as("13. no class of " + root + " (the assembly and records aside) takes more than " + MAX_COLLABORATORS
                + " constructor parameters")
            .because("a class that needs more collaborators does more than one thing and is split");
  }

  private static ArchCondition<JavaClass> takeAtMostCollaborators(int max) {
    return new ArchCondition<>("take at most " + max + " constructor parameters") {
      @Override
      public void check(JavaClass item, ConditionEvents events) {
        item.getConstructors().stream().filter(c -> c.getRawParameterTypes().size() > max).forEach(c ->
            events.add(SimpleConditionEvent.violated(item, c.getFullName() + " takes "
                + c.getRawParameterTypes().size() + " parameters")));
      }
    };
  }

  /** A concrete class of the ports outside the driven ports: an application service or helper. */
  private static DescribedPredicate<JavaClass> service(String ports, String driven) {
    return DescribedPredicate.describe("a concrete class of " + ports + " outside " + driven, c ->
        c.getPackageName().matches(packagePattern(ports)) && !c.getPackageName().matches(packagePattern(driven))
            && !c.isInterface() && !c.isRecord() && !c.isEnum()
            && !(c.getEnclosingClass().isPresent() && c.getEnclosingClass().get().isInterface()));
  }

  private static ArchCondition<JavaClass> declareAMethodTaking(Class<?> type) {
    return new ArchCondition<>("declare a method taking a " + type.getSimpleName()) {
      @Override
      public void check(JavaClass item, ConditionEvents events) {
        for (JavaMethod m : item.getMethods()) {
          if (m.getRawParameterTypes().stream().anyMatch(p -> p.isEquivalentTo(type))) {
            events.add(SimpleConditionEvent.satisfied(item, m.getFullName() + " takes a " + type.getSimpleName()));
          }
        }
      }
    };
  }

  /** No other class of {@code scope} that this class depends on depends on it in turn (nested classes are their top's). */
  private static ArchCondition<JavaClass> notBeTiedBothWaysWithin(String scope) {
    return new ArchCondition<>("not depend both ways on another class of " + scope) {
      @Override
      public void check(JavaClass item, ConditionEvents events) {
        JavaClass self = top(item);
        for (JavaClass other : targets(self, scope)) {
          if (!other.equals(self) && targets(other, scope).contains(self)) {
            events.add(SimpleConditionEvent.violated(item, self.getName() + " and " + other.getName()
                + " depend on each other"));
          }
        }
      }
    };
  }

  /** The top-level classes of {@code scope} that {@code top} or its nested classes depend on. */
  private static Set<JavaClass> targets(JavaClass top, String scope) {
    return top.getPackage().getClasses().stream().filter(c -> top(c).equals(top))
        .flatMap(c -> c.getDirectDependenciesFromSelf().stream()).map(Dependency::getTargetClass)
        .map(HexagonRules::top).filter(c -> c.getPackageName().matches(packagePattern(scope)))
        .collect(Collectors.toSet());
  }

  private static JavaClass top(JavaClass c) {
    JavaClass top = c;
    while (top.getEnclosingClass().isPresent()) {
      top = top.getEnclosingClass().get();
    }
    return top;
  }

  private static ArchCondition<JavaClass> resideInAPackageOfAtMost(int max) {
    return new ArchCondition<>("reside in a package of at most " + max + " classes") {
      @Override
      public void check(JavaClass item, ConditionEvents events) {
        long count = item.getPackage().getClasses().stream().filter(JavaClass::isTopLevelClass).count();
        if (count > max) {
          events.add(SimpleConditionEvent.violated(item, "package " + item.getPackageName() + " holds " + count
              + " classes, " + item.getSimpleName() + " among them"));
        }
      }
    };
  }

  /** An ArchUnit package pattern ({@code a.b..}) as a regular expression over package names. */
  private static String packagePattern(String pattern) {
    String base = pattern.endsWith("..") ? pattern.substring(0, pattern.length() - 2) : pattern;
    return java.util.regex.Pattern.quote(base) + "(\\..*)?";
  }

  /** All rules, in the order above. */
  public List<ArchRule> all() {
    return List.of(
        coreDependsOnJdkOnly,
        portsDependOnCoreOnly,
        noFrameworkInCoreOrPorts,
        adaptersDoNotDependOnEachOther,
        onlyAppWiresAdapters,
        coreAndPortsDoNotDependOnApp,
        drivingAdaptersUseNoDrivenPort,
        adaptersUseNoService,
        useCasesTakeTypedCommands,
        noTwoWayTies,
        capabilitiesFreeOfCycles,
        packagesStaySmall,
        classesStayNarrow);
  }
}
