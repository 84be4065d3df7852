import "server-only";
import { config } from "../config";

/*
 * Every platform the service connects to (spec, Connectors and discovery). `available` ones work
 * once staff enable them for a workspace; `request_access` ones are built with the partner who
 * asks, so until then every call answers `403 connector_not_enabled` with the way to ask.
 */

export type ConnectorStatus = "available" | "request_access";

export interface ConnectorOperation {
  name: string;
  methods: ("GET" | "PUT" | "DELETE")[];
  summary: string;
}

export interface Connector {
  platform: string;
  name: string;
  status: ConnectorStatus;
  summary: string;
  /** What enabling it takes, in a sentence. */
  enabling: string;
  operations: ConnectorOperation[];
}

const askForIt = "Book a call: we build it with you, then enable it for your workspaces.";

export const connectors: Connector[] = [
  {
    platform: "ical",
    name: "iCal reservation calendars",
    status: "available",
    summary:
      "Stays read from each home's iCal export (Airbnb, Vrbo, Booking.com and most rental platforms publish one), polled every 15 minutes.",
    enabling: "Ask us to enable it for the workspace, then send each home's calendar URL with PUT /connectors/ical/calendars.",
    operations: [
      {
        name: "calendars",
        methods: ["GET", "PUT", "DELETE"],
        summary: "A home's calendar URL: set, read (host only) and remove",
      },
      { name: "reservations", methods: ["GET"], summary: "The workspace's stays, keyset-paginated" },
    ],
  },
  {
    platform: "guesty",
    name: "Guesty",
    status: "request_access",
    summary: "Reservations and listings from Guesty's Open API.",
    enabling: askForIt,
    operations: [{ name: "reservations", methods: ["GET"], summary: "Stays" }],
  },
  {
    platform: "hostaway",
    name: "Hostaway",
    status: "request_access",
    summary: "Reservations and listings from Hostaway.",
    enabling: askForIt,
    operations: [{ name: "reservations", methods: ["GET"], summary: "Stays" }],
  },
  {
    platform: "ownerrez",
    name: "OwnerRez",
    status: "request_access",
    summary: "Bookings and properties from OwnerRez.",
    enabling: askForIt,
    operations: [{ name: "reservations", methods: ["GET"], summary: "Stays" }],
  },
  {
    platform: "breezeway",
    name: "Breezeway",
    status: "request_access",
    summary: "Cleaning tasks from Breezeway, each with a recording link.",
    enabling: askForIt,
    operations: [{ name: "tasks", methods: ["GET"], summary: "Tasks" }],
  },
];

export function findConnector(platform: string): Connector | undefined {
  return connectors.find((connector) => connector.platform === platform);
}

export const catalogPath = "/connectors";

/** Where a partner books the call that enables a connector or the Partner API (BOOK_A_CALL_URL). */
export function bookACallUrl(): string {
  return config().BOOK_A_CALL_URL;
}

/** The catalogue as `GET /connectors` answers it. */
export function catalogDocument() {
  const base = config().APP_URL;
  return {
    book_a_call_url: bookACallUrl(),
    data: connectors.map((connector) => ({
      platform: connector.platform,
      name: connector.name,
      status: connector.status,
      summary: connector.summary,
      enabling: connector.enabling,
      operations: connector.operations.map((operation) => ({
        name: operation.name,
        methods: operation.methods,
        url: `${base}/connectors/${connector.platform}/${operation.name}`,
        summary: operation.summary,
      })),
    })),
  };
}
