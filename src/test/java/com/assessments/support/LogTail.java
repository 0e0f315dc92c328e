package com.assessments.support;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** What a log file gained after a mark: tests note the file's length, act, then read from there. */
public final class LogTail {

    private LogTail() {
    }

    public static String readFrom(Path log, long offset) throws IOException {
        try (RandomAccessFile file = new RandomAccessFile(log.toFile(), "r")) {
            file.seek(Math.min(offset, file.length()));
            byte[] bytes = new byte[(int) (file.length() - file.getFilePointer())];
            file.readFully(bytes);
            return new String(bytes, StandardCharsets.UTF_8);
        }
    }
}
