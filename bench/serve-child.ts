// The server side of `npm run bench:serve`, in its own process: `agent-hooks serve` with one
// trivial function hook (`--hook function`), or a bare node:http server that parses the body
// and answers `{}` (`--bare`, the baseline). Prints one JSON line once listening.
import { createServer } from 'node:http';
import { launchServer } from '../src/server/start-server.ts';

const args = process.argv.slice(2);
const arg = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};

/** CPU time of this process per request handled: the cost measure least disturbed by other load. */
let startup: NodeJS.CpuUsage | undefined;

function report(requests: number): void {
  const cpu = process.cpuUsage(startup);
  process.stdout.write(
    `${JSON.stringify({ requests, cpuMsPerRequest: (cpu.user + cpu.system) / 1000 / requests })}\n`,
  );
}

if (args.includes('--bare')) {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      JSON.parse(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as { port: number };
    startup = process.cpuUsage();
    process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}` })}\n`);
  });
  let handled = 0;
  server.on('request', () => handled++);
  process.once('SIGTERM', () => {
    report(handled);
    server.close(() => process.exit(0));
  });
} else {
  const server = await launchServer({
    config: arg('--config')!,
    database: arg('--database')!,
    port: 0,
    watch: false,
    log: (line) => process.stderr.write(`${line}\n`),
    functionHooks:
      arg('--hook') === 'function'
        ? [
            {
              event: 'PreToolUse',
              matcher: 'Bash',
              callback: (input) => (input.tool_name === 'Bash' ? undefined : false),
            },
          ]
        : [],
  });
  // Startup (module loading, the first configuration read) is not part of the per-request cost.
  startup = process.cpuUsage();
  process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
  process.once('SIGTERM', () => {
    server.close().then(
      (drained) => {
        report(server.context.writer.written);
        process.exit(drained.spilled > 0 ? 1 : 0);
      },
      () => process.exit(2),
    );
  });
}
