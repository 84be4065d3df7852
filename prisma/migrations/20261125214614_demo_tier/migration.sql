-- CreateEnum
CREATE TYPE "DemoKind" AS ENUM ('photos', 'video');

-- CreateEnum
CREATE TYPE "DemoStatus" AS ENUM ('awaiting_confirmation', 'queued', 'analyzing', 'completed', 'failed', 'received');

-- CreateTable
CREATE TABLE "demo_submission" (
    "id" UUID NOT NULL,
    "kind" "DemoKind" NOT NULL,
    "email" TEXT NOT NULL,
    "terms_version" TEXT NOT NULL,
    "terms_accepted_at" TIMESTAMPTZ(3) NOT NULL,
    "poll_token_hash" BYTEA NOT NULL,
    "confirm_token_hash" BYTEA NOT NULL,
    "status" "DemoStatus" NOT NULL DEFAULT 'awaiting_confirmation',
    "confirmed_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),
    "failure_reason" TEXT,
    "photos" JSONB NOT NULL DEFAULT '[]',
    "findings" JSONB,
    "video_key" TEXT,
    "video_bytes" BIGINT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "demo_submission_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "demo_access_request" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "company" TEXT,
    "on_behalf_of" TEXT,
    "message" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "demo_access_request_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "demo_submission_confirm_token_hash_key" ON "demo_submission"("confirm_token_hash");

-- CreateIndex
CREATE INDEX "demo_submission_email_created_at_idx" ON "demo_submission"("email", "created_at");

-- CreateIndex
CREATE INDEX "demo_submission_expires_at_idx" ON "demo_submission"("expires_at");

-- CreateIndex
CREATE INDEX "demo_access_request_email_created_at_idx" ON "demo_access_request"("email", "created_at");
