import {
  OBSERVATION_TYPES,
  type AnchorVerdict,
  type Changeset,
  type ConsolidationView,
  type CompressionStatus,
  type RecallInjection,
  type RecallStatus,
  type ContextPreview,
  type FailedEvent,
  type FeedFilter,
  type FeedItem,
  type FeedPage,
  type LedgerMomentDay,
  type NeverUsedMemory,
  type ObservationItem,
  type Overview,
  type Project,
  type QueueDepth,
  type Scope,
  type SearchMode,
  type SearchPage,
  type SettingsView,
  type Stats,
  type TeamStatus,
} from './api-types.ts';

/** A refused call: the worker's code and message, and per-field messages when it gave them. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * Every call carries the worker's HttpOnly session cookie (set when `claude-mem open`'s one-time
 * link was opened); the page never sees a token.
 */
async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data: unknown = await res.json().catch(() => ({}));
  if (!res.ok) {
    const answer = data as { error?: { message?: string }; errors?: Record<string, string> };
    throw new ApiError(res.status, answer.error?.message ?? `HTTP ${res.status}`, answer.errors);
  }
  return data as T;
}

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** `type` of the filter as the feed API reads it: observation types, or a kind. */
function feedParams(filter: FeedFilter): Record<string, string | undefined> {
  const team = { scope: filter.scope || undefined, author: filter.author?.trim() || undefined };
  if (filter.type === 'summary' || filter.type === 'prompt') {
    return { project: filter.project, kind: filter.type, ...team, agent: filter.agent };
  }
  return { project: filter.project, type: filter.type, ...team, agent: filter.agent };
}

/** Search covers observations: a kind filter (summary, prompt) does not apply to it. */
const observationType = (type: string): string | undefined =>
  (OBSERVATION_TYPES as readonly string[]).includes(type) ? type : undefined;

/** Every call the viewer makes. Nothing else in src/ui touches the network. */
export const api = {
  feed: (filter: FeedFilter, before?: string) =>
    call<FeedPage>('GET', `/api/feed${query({ ...feedParams(filter), before, limit: 30 })}`),
  observations: (ids: number[]) =>
    call<{ items: ObservationItem[] }>('GET', `/api/observations${query({ ids: ids.join(',') })}`),
  search: (q: string, mode: SearchMode, filter: FeedFilter, offset: number) =>
    call<SearchPage>(
      'GET',
      `/api/search${query({ q, mode, project: filter.project, type: observationType(filter.type), scope: filter.scope || undefined, author: filter.author?.trim() || undefined, agent: filter.agent || undefined, offset, limit: 20 })}`,
    ),
  stats: () => call<Stats>('GET', '/api/stats'),
  projects: () => call<{ items: Project[] }>('GET', '/api/projects'),
  update: (id: number, patch: { title: string; narrative: string; facts: string[] }) =>
    call<ObservationItem>('PATCH', `/api/observations/${id}`, patch),
  pin: (id: number, pinned: boolean) =>
    call<ObservationItem>('POST', `/api/observations/${id}/pin`, { pinned }),
  share: (id: number, shared: boolean) =>
    call<ObservationItem>('POST', `/api/observations/${id}/share`, {
      scope: shared ? 'team' : 'private',
    }),
  shareSummary: (id: number, shared: boolean) =>
    call<{ id: number; scope: Scope }>('POST', `/api/summaries/${id}/share`, {
      scope: shared ? 'team' : 'private',
    }),
  remove: (id: number) => call<{ deleted: number }>('DELETE', `/api/observations/${id}`),
  settings: () => call<SettingsView>('GET', '/api/settings'),
  saveSettings: (values: Record<string, unknown>) =>
    call<SettingsView & { saved: string[] }>('PUT', '/api/settings', { values }),
  contextPreview: (project: string, maxTokens?: string, maxObservations?: string) =>
    call<ContextPreview>(
      'GET',
      `/api/viewer/context-preview${query({ project, maxTokens, maxObservations })}`,
    ),
  compression: () => call<CompressionStatus>('GET', '/api/compression/status'),
  recall: () => call<RecallStatus>('GET', '/api/recall/status'),
  recallRecent: () => call<{ items: RecallInjection[] }>('GET', '/api/recall/recent'),
  team: () => call<TeamStatus>('GET', '/api/team/status'),
  retry: () =>
    call<{ requeued: { events: number; turns: number } }>('POST', '/api/compression/retry'),
  failedEvents: () => call<{ items: FailedEvent[] }>('GET', '/api/failed-events?limit=50'),
  logs: (lines: number) => call<{ lines: string[] }>('GET', `/api/logs${query({ lines })}`),
  overview: (project: string, days: number) =>
    call<Overview>('GET', `/api/overview${query({ project, days })}`),
  recallOverview: (project: string, days: number) =>
    call<{ chart: LedgerMomentDay[]; neverUsed: NeverUsedMemory[] }>(
      'GET',
      `/api/overview/recall${query({ project, days })}`,
    ),
  unsink: (id: number) => call<unknown>('POST', `/api/observations/${id}/unsink`),
  anchors: (ids: number[]) =>
    call<{ items: Record<string, AnchorVerdict> }>(
      'GET',
      `/api/anchors${query({ ids: ids.join(',') })}`,
    ),
  consolidation: (project: string) =>
    call<ConsolidationView>('GET', `/api/consolidation${query({ project })}`),
  applyConsolidation: (project: string) =>
    call<Changeset>('POST', '/api/consolidation/apply', { project }),
  undoConsolidation: (id: number) => call<Changeset>('POST', '/api/consolidation/undo', { id }),
  acceptAnchors: (id: number) =>
    call<{ anchor: AnchorVerdict | null }>('POST', '/api/anchors/accept', { id }),
};

/** What the live stream reports. */
export interface StreamHandlers {
  item(item: FeedItem): void;
  /** Keys of feed items deleted since (by the viewer, the CLI, MCP or retention). */
  removed(keys: string[]): void;
  queue(depth: QueueDepth): void;
  state(state: 'live' | 'reconnecting'): void;
}

/**
 * Opens GET /stream. The browser reconnects a dropped stream by itself (sending Last-Event-ID);
 * when it gives up (the worker was down and answered an error), a new one is opened after a
 * growing pause, resuming from the last event seen. Returns the function that closes it.
 */
export function openStream(handlers: StreamHandlers): () => void {
  let source: EventSource | undefined;
  let lastId = '';
  let pause = 1_000;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  const connect = (): void => {
    source = new EventSource(`/stream${query({ since: lastId })}`);
    source.addEventListener('open', () => {
      pause = 1_000;
      handlers.state('live');
    });
    source.addEventListener('item', (event) => {
      lastId = event.lastEventId || lastId;
      handlers.item(JSON.parse(event.data) as FeedItem);
    });
    source.addEventListener('removed', (event) => {
      lastId = event.lastEventId || lastId;
      handlers.removed((JSON.parse(event.data) as { keys: string[] }).keys);
    });
    source.addEventListener('queue', (event) =>
      handlers.queue(JSON.parse(event.data) as QueueDepth),
    );
    source.addEventListener('error', () => {
      handlers.state('reconnecting');
      if (source?.readyState !== EventSource.CLOSED || closed) return;
      timer = setTimeout(connect, pause);
      pause = Math.min(pause * 2, 15_000);
    });
  };
  connect();
  return () => {
    closed = true;
    clearTimeout(timer);
    source?.close();
  };
}
