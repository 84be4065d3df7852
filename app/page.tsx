export default function Home() {
  return (
    <main style={{ maxWidth: 640, margin: "4rem auto", padding: "0 1rem", lineHeight: 1.5 }}>
      <h1>Walkthrough</h1>
      <p>Video inspections that property-management and task platforms add to their own software.</p>
      <p>
        Partner engineers: the API reference is at <a href="/docs">/docs</a> and the machine-readable document at{" "}
        <a href="/v1/openapi.json">/v1/openapi.json</a>.
      </p>
    </main>
  );
}
