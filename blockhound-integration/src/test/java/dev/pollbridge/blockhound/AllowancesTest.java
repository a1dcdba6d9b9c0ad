package dev.pollbridge.blockhound;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.blockhound.PollbridgeBlockHoundIntegration.Allowance;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * BlockHound instruments methods by name and says nothing when a name matches no method, so a
 * runtime refactoring would silently turn an allowance off: every name must be a method that
 * the named class declares itself (BlockHound does not instrument inherited methods).
 */
class AllowancesTest {

    @Test
    void everyAllowanceNamesAMethodTheClassDeclares() throws ClassNotFoundException {
        List<Allowance> named = new ArrayList<>(PollbridgeBlockHoundIntegration.ALLOWED);
        named.addAll(PollbridgeBlockHoundIntegration.TASK_TURNS);
        for (Allowance allowance : named) {
            Class<?> type = Class.forName(allowance.className());
            assertTrue(Arrays.stream(type.getDeclaredMethods()).map(Method::getName).anyMatch(allowance.methodName()::equals),
                    () -> allowance + ": no such method declared in " + type);
        }
    }
}
