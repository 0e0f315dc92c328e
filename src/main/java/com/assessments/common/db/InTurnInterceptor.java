package com.assessments.common.db;

import jakarta.annotation.Priority;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.Interceptor;
import jakarta.interceptor.InvocationContext;

/** Runs an {@link InTurn} method in its turn; outside its transaction (before the transaction interceptor's 200). */
@InTurn
@Interceptor
@Priority(Interceptor.Priority.PLATFORM_BEFORE + 100)
public class InTurnInterceptor {

    private final ConnectionTurns turns;

    public InTurnInterceptor(ConnectionTurns turns) {
        this.turns = turns;
    }

    @AroundInvoke
    Object inTurn(InvocationContext call) throws Exception {
        return turns.run(call::proceed);
    }
}
