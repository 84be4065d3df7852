-- CreateTable
CREATE TABLE "job_fair_share" (
    "queue" TEXT NOT NULL,
    "fair_key" TEXT NOT NULL,
    "next_start" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "job_fair_share_pkey" PRIMARY KEY ("queue","fair_key")
);
