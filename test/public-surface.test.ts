// The public surface, pinned: adding, renaming or removing an export is a reviewed diff here
// (house-style lesson 2). Values come from importing each entry; types from the compiler.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type ConfigView,
  createHookEngine,
  type DispatchResult,
  type HookEngine,
  type HookRegistration,
  type SessionHandle,
} from '../src/index.ts';
import { inspectEntries } from './helpers/public-types.ts';

const ROOT = join(import.meta.dirname, '..');

/** Every entry point of package.json `exports` and what it exports. */
const SURFACE: Record<string, { values: string[]; types: string[] }> = {
  'src/author.ts': {
    values: [
      'HOST_ENV',
      'IN_PROCESS_TIMEOUT_MS',
      'MAX_PAYLOAD_BYTES',
      'allow',
      'ask',
      'block',
      'context',
      'defaultOnError',
      'defaultTimeoutMs',
      'defer',
      'defineHook',
      'deny',
      'isMain',
      'registerHook',
      'runHook',
      'stop',
      'systemMessage',
      'updateInput',
    ],
    types: [
      'BlockEffect',
      'BlockEvent',
      'ContextEffect',
      'DefinedHook',
      'Effect',
      'EffectFor',
      'EffectKind',
      'FailureKind',
      'ForTools',
      'FunctionHookTarget',
      'HookContext',
      'HookFailure',
      'HookHandler',
      'HookInput',
      'HookOptions',
      'HookResponse',
      'HookResult',
      'HookRun',
      'Host',
      'HostSource',
      'InputEffect',
      'InvokeOptions',
      'McpToolName',
      'OnError',
      'OnErrorChoice',
      'Permission',
      'PermissionChoice',
      'PermissionEffect',
      'RegisterHookOptions',
      'RunOptions',
      'StopEffect',
      'StopEvent',
      'SystemMessageEffect',
      'SystemMessageEvent',
      'ToolCall',
      'ToolEvent',
      'ToolName',
      'UntypedToolName',
    ],
  },
  'src/index.ts': {
    values: [
      'ASYNC_CALLBACK_DEFAULT_TIMEOUT_MS',
      'AUDIT_LINE_MAX_BYTES',
      'COPILOT_SDK_DEFAULT_TIMEOUT_MS',
      'COPILOT_SDK_EVENTS',
      'ERROR_CODES',
      'EVENTS',
      'EVENT_BY_NAME',
      'EVENT_NAMES',
      'HookError',
      'MemorySessionState',
      'PROFILE_NAMES',
      'auditLine',
      'createAuditLog',
      'createCommandRunner',
      'createHookEngine',
      'createHttpRunner',
      'createSdkHookMessages',
      'createTraceWriter',
      'diagnostic',
      'eventKeyFor',
      'getEvent',
      'isEventName',
      'isHookError',
      'normalizeInput',
      'readConfig',
      'registerClaudeSdkHooks',
      'registerCopilotSdkHooks',
      'renderPayload',
      'resolveEventName',
      'suggestEventName',
      'traceLine',
    ],
    types: [
      'AgentHandler',
      'AsyncHookResult',
      'AsyncWake',
      'AuditLog',
      'AuditLogOptions',
      'AuditRecord',
      'BackgroundedRun',
      'CatalogueHandlerType',
      'CatalogueRow',
      'ClaudeSdkHookCallback',
      'ClaudeSdkHookMatcher',
      'ClaudeSdkHookOutput',
      'ClaudeSdkHooks',
      'ClaudeSdkRegisterOptions',
      'CodeInfo',
      'CommandFields',
      'CommandHandler',
      'CommandRunnerOptions',
      'CommonInput',
      'ConfigKind',
      'ConfigView',
      'Connector',
      'CopilotHookOutput',
      'CopilotPromptEntry',
      'CopilotSdkHookCallback',
      'CopilotSdkHookInput',
      'CopilotSdkHooks',
      'CopilotSdkInvocation',
      'CopilotSdkRegisterOptions',
      'Decision',
      'DecisionKind',
      'Diagnostic',
      'Dialect',
      'DispatchArgs',
      'DispatchInput',
      'DispatchOptions',
      'DispatchResult',
      'EffectivePolicy',
      'EngineWatchOptions',
      'ErrorCode',
      'EventAlias',
      'EventDispatchResult',
      'EventFields',
      'EventFileKind',
      'EventInput',
      'EventName',
      'EventOutput',
      'EventPayload',
      'EventSpec',
      'EventSpelling',
      'EventSpellingName',
      'Exit2Effect',
      'FieldSpec',
      'FieldType',
      'FunctionHandler',
      'FunctionHookCallback',
      'FunctionHookInput',
      'FunctionHookOptions',
      'HandlerBase',
      'HandlerRunner',
      'HandlerType',
      'HookEngine',
      'HookEngineOptions',
      'HookOutput',
      'HookRegistration',
      'HookRunReport',
      'HookSpecificFields',
      'HookSpecificOutput',
      'HostLookup',
      'HostMessages',
      'HttpFields',
      'HttpHandler',
      'HttpRunNotes',
      'HttpRunner',
      'HttpRunnerOptions',
      'InlineSource',
      'InvalidRewrite',
      'JsonSchema',
      'LocationReport',
      'LocationStatus',
      'McpToolFields',
      'McpToolHandler',
      'ModelVerdict',
      'NoVerdict',
      'NormalizedHandler',
      'OnFailureBlock',
      'Outcome',
      'PayloadCommon',
      'PendingAsyncCallback',
      'PermissionDecision',
      'PermissionUpdate',
      'Placement',
      'PlainStdout',
      'PolicySettings',
      'ProfileName',
      'PromptFields',
      'PromptHandler',
      'ReadOptions',
      'ReadResult',
      'ResolvedAddress',
      'ResolvedEventName',
      'RunRequest',
      'RunnerDiagnostic',
      'RunnerPolicy',
      'RunnerResult',
      'RunnerTable',
      'RuntimeEventName',
      'Scope',
      'SdkCallbackIssue',
      'SdkHookMessage',
      'SdkHookMessageBase',
      'SdkHooksRegistration',
      'SdkTimeout',
      'SessionHandle',
      'SessionHookEntry',
      'SessionStateStore',
      'Severity',
      'SkippedEntry',
      'SkippedReport',
      'SourceRef',
      'StopLoop',
      'SubscribeOptions',
      'TelemetryBus',
      'TelemetryBusOptions',
      'TelemetryEvent',
      'TelemetryListener',
      'TelemetryResponseEvent',
      'TerminalReason',
      'TopLevelOutputField',
      'TraceWriter',
      'TraceWriterOptions',
      'TrustFingerprint',
      'TrustItem',
      'TrustStatus',
      'UntrustedInfo',
      'UntrustedPolicy',
      'UpdatedInputCheck',
      'VscodeSettings',
    ],
  },
  'src/llm.ts': {
    values: [
      'AGENT_MAX_TURNS',
      'PROMPT_HOOK_SYSTEM_PROMPT',
      'createAgentRunner',
      'createAiSdkClient',
      'createPromptRunner',
      'resolveModel',
      'substituteArguments',
    ],
    types: [
      'AgentFields',
      'AgentRunnerOptions',
      'AiSdkClientOptions',
      'JsonSchemaObject',
      'LlmRunnerOptions',
      'ModelCallCommon',
      'ModelCallResult',
      'ModelClient',
      'ModelFailureCode',
      'ModelMessage',
      'ModelSettings',
      'ModelToolCall',
      'ModelToolSpec',
      'ModelTurn',
      'ObjectRequest',
      'ProviderName',
      'ResolvedModel',
      'StopGate',
      'StopGuardContext',
      'TurnRequest',
    ],
  },
  'src/mcp.ts': {
    values: ['createMcpToolRunner', 'createSdkMcpCaller', 'readProjectMcpServers', 'substituteToolInput'],
    types: [
      'McpCallOutcome',
      'McpContentBlock',
      'McpHttpServerConfig',
      'McpServerConfig',
      'McpStdioServerConfig',
      'McpToolCall',
      'McpToolCaller',
      'McpToolRunner',
      'McpToolRunnerOptions',
      'SdkMcpCallerOptions',
    ],
  },
  'src/otel.ts': {
    values: ['OTEL_TRACER_NAME', 'createOtelSubscriber'],
    types: ['OtelSubscriberOptions'],
  },
  'src/ai-sdk.ts': {
    values: [
      'ToolHookError',
      'hookLoopStop',
      'hookPrepareStep',
      'hookStopWhen',
      'onNotification',
      'onPostCompact',
      'onPreCompact',
      'onSessionEnd',
      'onSessionStart',
      'onStop',
      'onToolBatch',
      'onUserPrompt',
      'runSubagent',
      'runWithStopHooks',
      'withHooks',
    ],
    types: [
      'AskAnswer',
      'AskRequest',
      'HookLoopStop',
      'HookSessionOptions',
      'PreCompactOutcome',
      'SessionStartOutcome',
      'StopLoopResult',
      'StopLoopStep',
      'StopOutcome',
      'SubagentOptions',
      'SubagentResult',
      'SubagentStep',
      'ToolBatchContent',
      'ToolBatchOutcome',
      'UserPromptOutcome',
      'WithHooksOptions',
    ],
  },
  'src/mcp-proxy.ts': {
    values: ['deriveServerName', 'normalizeServerName', 'startMcpProxy'],
    types: ['McpProxy', 'McpProxyOptions'],
  },
  'src/server.ts': {
    values: [
      'defaultDatabase',
      'generateToken',
      'hashToken',
      'loadServerConfig',
      'renderClaudeOutput',
      'renderCopilotOutput',
      'startServer',
    ],
    types: [
      'DrainResult',
      'RunningServer',
      'ServerConfig',
      'ServerFunctionHook',
      'ServerOptions',
      'TeamConfig',
    ],
  },
};

/**
 * Aliases that only derive a public type: `Infer<…>` of a zod shape from the wire schemas, and the
 * author SDK's type-level predicates (which helpers an event takes). A user never writes them.
 */
const DERIVATION_HELPERS = [
  'ClaudeTopLevel',
  'CopilotTopLevel',
  'If',
  'Infer',
  'MappedSpecific',
  'Row',
  'Shape',
  'SpellingIn',
  'TakesContext',
  'TakesInputUpdate',
  'VscodeSpelling',
];

const ENTRIES = Object.keys(SURFACE);

describe('public surface', () => {
  it('exports exactly the pinned values from every entry point', async () => {
    for (const entry of ENTRIES) {
      const module = (await import(join(ROOT, entry))) as Record<string, unknown>;
      expect(Object.keys(module).sort(), entry).toEqual(SURFACE[entry]!.values);
    }
  });

  it('exports exactly the pinned types, and every type a public signature mentions', () => {
    const reports = inspectEntries(ENTRIES);
    for (const entry of ENTRIES) {
      const report = reports.get(entry)!;
      const types = report.exports.filter((name) => !SURFACE[entry]!.values.includes(name));
      expect(types, entry).toEqual(SURFACE[entry]!.types);
      const unnamed = report.unnamed.filter((type) => !DERIVATION_HELPERS.includes(type.name));
      expect(unnamed, `${entry}: types reachable from its exports that no entry exports`).toEqual([]);
    }
  }, 60_000);

  it('uses named exports only in every entry point', () => {
    for (const entry of ENTRIES) {
      expect(readFileSync(join(ROOT, entry), 'utf8'), entry).not.toMatch(/^export \*/m);
    }
  });

  it('has every package.json export pointing at an entry pinned here', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      exports: Record<string, string | { default: string }>;
    };
    const pinned = Object.entries(pkg.exports)
      .map(([, target]) => (typeof target === 'string' ? target : target.default))
      .filter((target) => target.startsWith('./dist/') && target.endsWith('.js'))
      .map((target) => target.replace('./dist/', 'src/').replace(/\.js$/, '.ts'));
    expect(pinned.sort()).toEqual([...ENTRIES].sort());
  });

  it('returns disposers from every registration', async () => {
    expectTypeOf(createHookEngine).returns.resolves.toEqualTypeOf<HookEngine>();
    expectTypeOf<HookEngine['dispatch']>().returns.resolves.toEqualTypeOf<DispatchResult>();
    expectTypeOf<HookEngine['config']>().toEqualTypeOf<ConfigView>();
    expectTypeOf<HookEngine['addFunctionHook']>().returns.toEqualTypeOf<HookRegistration>();
    expectTypeOf<SessionHandle['addFunctionHook']>().returns.toEqualTypeOf<HookRegistration>();
    expectTypeOf<SessionHandle['addSessionHook']>().returns.toEqualTypeOf<HookRegistration>();
    expectTypeOf<SessionHandle['registerFrontmatterHooks']>().returns.toEqualTypeOf<() => void>();
    expectTypeOf<HookEngine['telemetry']['subscribe']>().returns.toEqualTypeOf<() => void>();
    expectTypeOf<HookRegistration>().toMatchTypeOf<() => void>();

    const engine = await createHookEngine({ discover: false, sessionId: 'surface' });
    const registration = engine.session().addFunctionHook('Stop', '', () => false, 'blocked');
    expect(registration.id).toEqual(expect.any(String));
    expect((await engine.dispatch('Stop', {})).decision).toBe('block');
    registration();
    expect((await engine.dispatch('Stop', {})).decision).toBeNull();
    await engine.close();
  });
});
