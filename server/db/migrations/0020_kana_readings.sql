CREATE TABLE "kana_readings" (
	"text" text PRIMARY KEY NOT NULL,
	"hiragana" text NOT NULL
);
