// The connection to the server: msgpack maps over the same origin's websocket (docs/protocol.md).
import { decode, encode } from "@msgpack/msgpack";
import { PROTOCOL_VERSION, type Request } from "./generated/protocol";
import type { Push, ServerMessage } from "./generated/wire";

type Body<T> = T extends unknown ? Omit<T, "id" | "type" | "v"> : never;
export type RequestOf<K extends Request["type"]> = Body<Extract<Request, { type: K }>>;
/** The push of one kind, as shared/wire declares it. */
export type PushOf<K extends Push["type"]> = Extract<Push, { type: K }>;

/** A refusal from the server: its code and its plain-English reason. */
export class ServerError extends Error {
  constructor(public code: string, public reason: string) {
    super(`${code}: ${reason}`);
  }
}

/** The websocket address of the page's own server. */
export function socketUrl(loc: { protocol: string; host: string }): string {
  return `${loc.protocol === "https:" ? "wss" : "ws"}://${loc.host}/`;
}

/** Encode one request frame (exported for the unit tests). */
export function frame(type: string, id: number, fields: object): Uint8Array {
  return encode({ type, id, v: PROTOCOL_VERSION, ...fields }, { ignoreUndefined: true });
}

type Pending = { resolve: (data: any) => void; reject: (err: Error) => void };

/** One connection, reconnecting when it drops; ``onOpen`` runs after every (re)connect. */
export class Connection {
  private ws: WebSocket | null = null;
  private nextId = 1;
  private pending = new Map<number, Pending>();
  private handlers = new Map<string, Array<(m: any) => void>>();
  private retry = 500;
  private closedByUs = false;
  status: "connecting" | "open" | "lost" = "connecting";

  constructor(
    private url: string,
    private onOpen: (conn: Connection) => Promise<void>,
    private onStatus: (status: Connection["status"], detail?: string) => void,
  ) {}

  start(): void {
    this.closedByUs = false;
    const ws = new WebSocket(this.url);
    ws.binaryType = "arraybuffer";
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 500;
      this.status = "open";
      this.onStatus("open");
      this.onOpen(this).catch((err) => this.onStatus("lost", String(err.reason ?? err.message ?? err)));
    };
    ws.onmessage = (ev) => this.receive(ev.data as ArrayBuffer);
    ws.onclose = () => {
      for (const p of this.pending.values()) p.reject(new ServerError("connection_lost", "the connection to the server was lost"));
      this.pending.clear();
      if (this.closedByUs) return;
      this.status = "lost";
      this.onStatus("lost");
      setTimeout(() => this.start(), this.retry);
      this.retry = Math.min(this.retry * 2, 8000);
    };
  }

  close(): void {
    this.closedByUs = true;
    this.ws?.close();
  }

  /** Forget every push handler (a page that opens again after a reconnect adds its own). */
  clearHandlers(): void {
    this.handlers.clear();
  }

  on<K extends Push["type"]>(type: K, handler: (m: PushOf<K>) => void): void {
    const list = this.handlers.get(type) ?? [];
    list.push(handler);
    this.handlers.set(type, list);
  }

  request<K extends Request["type"]>(type: K, fields: RequestOf<K>): Promise<any> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
        reject(new ServerError("connection_lost", "not connected to the server"));
        return;
      }
      this.pending.set(id, { resolve, reject });
      this.ws.send(frame(type, id, fields));
    });
  }

  private receive(data: ArrayBuffer): void {
    const msg = decode(new Uint8Array(data)) as ServerMessage;
    if (msg.type === "result" || msg.type === "error") {
      const p = msg.re == null ? undefined : this.pending.get(msg.re);
      if (!p) return;
      this.pending.delete(msg.re!);
      if (msg.type === "result") p.resolve(msg.data);
      else p.reject(new ServerError(msg.code, msg.reason));
      return;
    }
    for (const h of this.handlers.get(msg.type) ?? []) h(msg);
  }
}
