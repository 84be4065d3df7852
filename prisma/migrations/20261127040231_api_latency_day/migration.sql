-- CreateTable
CREATE TABLE "api_latency_day" (
    "partner_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "le_ms" INTEGER NOT NULL,
    "count" BIGINT NOT NULL,

    CONSTRAINT "api_latency_day_pkey" PRIMARY KEY ("partner_id","day","le_ms")
);
