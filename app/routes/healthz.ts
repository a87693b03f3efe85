// Liveness for the container's HEALTHCHECK and for test runners waiting on the server.
export function loader() {
  return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
}
