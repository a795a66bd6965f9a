-- Step 4: accounts an operator banned (`scryptic admin ban`), with the operator's reason; NULL
-- while the account is in good standing.
ALTER TABLE users ADD COLUMN banned TEXT;
