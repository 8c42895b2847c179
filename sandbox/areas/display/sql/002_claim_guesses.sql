-- Wrong pairing codes (issue 24 §3, D217). A wrong guess cannot be traced to the code it aimed at, so
-- each one counts against every code live at that moment; a code dies at MAX_CODE_GUESSES (its code
-- cleared, guessed_out_at set: it leaves the cashier's list as an expired one does). The guesses a
-- merchant's codes absorbed in the last hour also bound how many new codes it may make.

ALTER TABLE display_pairings ADD COLUMN wrong_guesses integer NOT NULL DEFAULT 0;
ALTER TABLE display_pairings ADD COLUMN guessed_out_at bigint;
CREATE INDEX display_pairings_merchant_created ON display_pairings (merchant_id, created_at);
