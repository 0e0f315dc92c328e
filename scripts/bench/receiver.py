"""A webhook receiver for scripts/benchmark.sh: answers every POST 204 at once (HTTP/1.1, keep-alive) and counts
them; GET /count answers "<count> <first epoch s> <last epoch s>". Usage: receiver.py PORT"""
import asyncio
import sys
import time

count, first, last = 0, 0.0, 0.0


async def handle(reader, writer):
    global count, first, last
    try:
        while True:
            head = await reader.readuntil(b"\r\n\r\n")
            length = 0
            for line in head.split(b"\r\n")[1:]:
                if line[:15].lower() == b"content-length:":
                    length = int(line[15:].strip())
            if length:
                await reader.readexactly(length)
            if head.startswith(b"GET /count"):
                body = f"{count} {first:.3f} {last:.3f}".encode()
                writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n%s" % (len(body), body))
            else:
                now = time.time()
                count += 1
                first = first or now
                last = now
                writer.write(b"HTTP/1.1 204 No Content\r\n\r\n")
            await writer.drain()
    except (asyncio.IncompleteReadError, ConnectionError):
        pass
    finally:
        writer.close()


async def main(port):
    server = await asyncio.start_server(handle, "127.0.0.1", port, backlog=512)
    async with server:
        await server.serve_forever()


asyncio.run(main(int(sys.argv[1])))
