/**
 * How a receiver checks a delivery, in five languages, each with its Standard Webhooks library.
 * The secret is read from the environment: the console shows a partner's secret once, never here.
 * The Node snippet is run in a test against a real delivery (tests/e2e/partner-console.test.ts).
 */
export interface VerifySnippet {
  language: "node" | "python" | "go" | "php" | "ruby";
  label: string;
  install: string;
  code: string;
}

export const secretVariable = "WALKTHROUGH_WEBHOOK_SECRET";

export const verifySnippets: readonly VerifySnippet[] = [
  {
    language: "node",
    label: "Node",
    install: "npm install standardwebhooks",
    code: `import http from "node:http";
import { Webhook } from "standardwebhooks";

// The signing secret the console showed once, from your secret store.
const webhook = new Webhook(process.env.${secretVariable});

http
  .createServer((request, response) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => {
      // The raw body, before any JSON parsing: the signature covers these bytes.
      const body = Buffer.concat(chunks).toString("utf8");
      try {
        const event = webhook.verify(body, request.headers);
        // Deduplicate on the webhook-id header, then act on event.event_type.
        console.log("verified", event.event_type);
        response.writeHead(204).end();
      } catch {
        response.writeHead(400).end();
      }
    });
  })
  .listen(Number(process.env.PORT ?? 8080));`,
  },
  {
    language: "python",
    label: "Python",
    install: "pip install standardwebhooks",
    code: `import os
from flask import Flask, request
from standardwebhooks.webhooks import Webhook

app = Flask(__name__)
webhook = Webhook(os.environ["${secretVariable}"])

@app.post("/webhooks/walkthrough")
def receive():
    try:
        # The raw body, before any JSON parsing: the signature covers these bytes.
        event = webhook.verify(request.get_data(), dict(request.headers))
    except Exception:
        return "", 400
    # Deduplicate on the webhook-id header, then act on event["event_type"].
    return "", 204`,
  },
  {
    language: "go",
    label: "Go",
    install: "go get github.com/standard-webhooks/standard-webhooks/libraries/go",
    code: `package main

import (
	"io"
	"net/http"
	"os"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
)

func main() {
	webhook, err := standardwebhooks.NewWebhook(os.Getenv("${secretVariable}"))
	if err != nil {
		panic(err)
	}
	http.HandleFunc("/webhooks/walkthrough", func(w http.ResponseWriter, r *http.Request) {
		// The raw body, before any JSON parsing: the signature covers these bytes.
		body, err := io.ReadAll(r.Body)
		if err != nil || webhook.Verify(body, r.Header) != nil {
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		// Deduplicate on the webhook-id header, then act on the event_type field.
		w.WriteHeader(http.StatusNoContent)
	})
	http.ListenAndServe(":8080", nil)
}`,
  },
  {
    language: "php",
    label: "PHP",
    install: "composer require standard-webhooks/standard-webhooks",
    code: `<?php
require __DIR__ . '/vendor/autoload.php';

use StandardWebhooks\\Webhook;

$webhook = new Webhook(getenv('${secretVariable}'));
// The raw body, before any JSON parsing: the signature covers these bytes.
$body = file_get_contents('php://input');
$headers = [
    'webhook-id' => $_SERVER['HTTP_WEBHOOK_ID'] ?? '',
    'webhook-timestamp' => $_SERVER['HTTP_WEBHOOK_TIMESTAMP'] ?? '',
    'webhook-signature' => $_SERVER['HTTP_WEBHOOK_SIGNATURE'] ?? '',
];

try {
    $event = $webhook->verify($body, $headers);
} catch (Exception $e) {
    http_response_code(400);
    exit;
}
// Deduplicate on the webhook-id header, then act on $event['event_type'].
http_response_code(204);`,
  },
  {
    language: "ruby",
    label: "Ruby",
    install: "gem install standardwebhooks",
    code: `require "sinatra"
require "standardwebhooks"

WEBHOOK = StandardWebhooks::Webhook.new(ENV.fetch("${secretVariable}"))

post "/webhooks/walkthrough" do
  # The raw body, before any JSON parsing: the signature covers these bytes.
  body = request.body.read
  headers = {
    "webhook-id" => request.env["HTTP_WEBHOOK_ID"],
    "webhook-timestamp" => request.env["HTTP_WEBHOOK_TIMESTAMP"],
    "webhook-signature" => request.env["HTTP_WEBHOOK_SIGNATURE"],
  }
  begin
    event = WEBHOOK.verify(body, headers)
  rescue StandardError
    halt 400
  end
  # Deduplicate on the webhook-id header, then act on event["event_type"].
  status 204
end`,
  },
];
