/**
 * Real servers for the delivery tests, on loopback ports of their own: an SMTP server (smtp-server) that
 * keeps and parses what it receives, or refuses, freezes or dies on cue; an HTTP server that records webhook
 * and SMS gateway calls with their raw bodies and answers with the statuses it is told.
 */
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * 'accept' keeps messages; 'reject' answers 451 to the message (a temporary failure); 'hang' never sends
 * its greeting (a frozen server); 'die' greets, then closes the connection on the first command (killed
 * half-way through the conversation).
 */
export type SmtpMode = "accept" | "reject" | "hang" | "die";

export type TestSmtpServer = {
  url: string;
  messages: (ParsedMail & { envelopeTo: string[] })[];
  connections: number;
  mode: SmtpMode;
  close: () => Promise<void>;
};

export async function startSmtpServer(mode: SmtpMode = "accept", port = 0): Promise<TestSmtpServer> {
  const state: TestSmtpServer = {
    url: "",
    messages: [],
    connections: 0,
    mode,
    close: async () => {},
  };
  const sockets = new Set<net.Socket>();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onConnect(_session, callback) {
      state.connections += 1;
      if (state.mode === "hang") return; // no greeting, ever
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          if (state.mode === "reject") {
            const err = Object.assign(new Error("mailbox busy, try later"), { responseCode: 451 });
            callback(err);
            return;
          }
          state.messages.push(
            Object.assign(mail, { envelopeTo: session.envelope.rcptTo.map((r) => r.address) }),
          );
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  // One listening socket, routed by mode: 'die' is a bare TCP peer that greets and then drops the line.
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    if (state.mode === "die") {
      state.connections += 1;
      socket.write("220 localhost ESMTP\r\n");
      socket.once("data", () => socket.destroy());
      return;
    }
    smtp.server.emit("connection", socket);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  state.url = `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  };
  return state;
}

export type ReceivedCall = { path: string; headers: http.IncomingHttpHeaders; body: string; at: number };

export type TestHttpServer = {
  url: string;
  calls: ReceivedCall[];
  /** Statuses of the next answers, in order; 200 when empty. */
  statuses: number[];
  /** How many of the next calls are cut off without an answer (the receiver killed half-way). */
  dropNext: number;
  close: () => Promise<void>;
};

export async function startHttpReceiver(statuses: number[] = [], port = 0): Promise<TestHttpServer> {
  const state: TestHttpServer = { url: "", calls: [], statuses, dropNext: 0, close: async () => {} };
  const server = http.createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      body += chunk;
    });
    request.on("end", () => {
      state.calls.push({ path: request.url ?? "", headers: request.headers, body, at: Date.now() });
      if (state.dropNext > 0) {
        state.dropNext -= 1;
        request.socket.destroy();
        return;
      }
      const status = state.statuses.shift() ?? 200;
      response.writeHead(status, { "content-type": "text/plain" }).end(status === 200 ? "ok" : "boom");
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}

/** Waits until `condition` holds, polling; fails naming `what` after `ms`. */
export async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 30_000) {
  const start = Date.now();
  while (!(await condition())) {
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
