#!/usr/bin/env python3
"""A TCP proxy that delays every byte by a chosen time, both ways, keeping order.

The partition harness (scripts/partition.sh) puts it in front of Postgres: the kernel here has
no netem, so "Postgres slow" is made in user space. The delay, in milliseconds, is read from
DELAY_FILE (a number; missing or empty: 0), looked at again every 100 ms.

    delay_proxy.py LISTEN_HOST LISTEN_PORT TARGET_HOST TARGET_PORT DELAY_FILE
"""
import asyncio
import sys
import time

listen_host, listen_port, target_host, target_port, delay_file = sys.argv[1:6]
delay = 0.0
delay_read_at = 0.0


def current_delay():
    global delay, delay_read_at
    now = time.monotonic()
    if now - delay_read_at > 0.1:
        delay_read_at = now
        try:
            with open(delay_file) as f:
                delay = float(f.read().strip() or 0) / 1000.0
        except (OSError, ValueError):
            delay = 0.0
    return delay


async def pump(reader, writer):
    """Reads chunks as they come; each is written once its delay has passed, in order."""
    queue = asyncio.Queue()

    async def deliver():
        while True:
            due, data = await queue.get()
            if data is None:
                break
            wait = due - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
            writer.write(data)
            await writer.drain()

    sender = asyncio.create_task(deliver())
    try:
        while True:
            data = await reader.read(65536)
            if not data:
                break
            await queue.put((time.monotonic() + current_delay(), data))
    except (ConnectionError, OSError):
        pass
    await queue.put((0, None))
    try:
        await sender
    except (ConnectionError, OSError):
        pass
    try:
        writer.close()
    except (ConnectionError, OSError):
        pass


async def serve(client_reader, client_writer):
    try:
        up_reader, up_writer = await asyncio.open_connection(target_host, int(target_port))
    except OSError:
        client_writer.close()
        return
    await asyncio.gather(pump(client_reader, up_writer), pump(up_reader, client_writer))


async def main():
    server = await asyncio.start_server(serve, listen_host, int(listen_port))
    async with server:
        await server.serve_forever()


asyncio.run(main())
