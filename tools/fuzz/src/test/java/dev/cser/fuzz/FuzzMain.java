package dev.cser.fuzz;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * Runs one fuzz test in Jazzer's fuzzing mode (JAZZER_FUZZ=1 in the environment), outside Maven:
 * {@code FuzzMain CLASS#METHOD SECONDS}. Exit status 0 if the test passed (no finding), 1 if not.
 * One JVM per target: Jazzer fuzzes one test per run.
 */
public final class FuzzMain {
    private FuzzMain() {}

    public static void main(String[] args) {
        String target = args[0];
        String seconds = args[1];
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                .selectors(selectMethod("dev.cser.fuzz." + target))
                .configurationParameter("jazzer.max_duration", seconds + "s")
                .build();
        Launcher launcher = LauncherFactory.create();
        SummaryGeneratingListener summary = new SummaryGeneratingListener();
        launcher.execute(request, summary);
        TestExecutionSummary s = summary.getSummary();
        s.printFailuresTo(new java.io.PrintWriter(System.out, true), 40);
        boolean ok = s.getTotalFailureCount() == 0 && s.getTestsSucceededCount() > 0;
        System.out.println("FUZZMAIN " + target + (ok ? " passed" : " FAILED"));
        System.exit(ok ? 0 : 1);
    }
}
