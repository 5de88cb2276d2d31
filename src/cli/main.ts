#!/usr/bin/env node
import { dropWritesWhenReaderGoes, processStreams } from './cli-io.ts';
import { runCli } from './program.ts';

dropWritesWhenReaderGoes([process.stdout, process.stderr]);
process.exitCode = await runCli(process.argv.slice(2), processStreams());
