// A base URL nothing listens on (a port just released), for "could not reach the model" tests.
// Not 127.0.0.1:9: fetch refuses that "bad port" before connecting, so it never yields ECONNREFUSED.
import net from 'node:net';

export async function closedPortUrl(): Promise<string> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
