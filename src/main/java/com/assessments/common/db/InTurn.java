package com.assessments.common.db;

import jakarta.interceptor.InterceptorBinding;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A request's transaction that waits its turn for a connection, first come first served ({@link ConnectionTurns}),
 * before it begins. For the write paths whose latency under load matters: the pool's own wait lets a thread that just
 * gave a connection back take it again ahead of the threads waiting longest.
 */
@InterceptorBinding
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
public @interface InTurn {
}
