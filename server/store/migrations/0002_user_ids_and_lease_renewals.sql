-- Step 2 (issue 15): user ids from one sequence, so that nodes creating accounts at the same
-- time never hand out the same id; and the time of each lease's last renewal, so that the node
-- that claims an orphaned game knows when its previous owner was last alive (the clock rule of
-- docs/cluster.md).
CREATE SEQUENCE user_ids AS BIGINT OWNED BY users.id;
SELECT setval('user_ids', COALESCE((SELECT max(id) FROM users), 0) + 1, false);
ALTER TABLE game_leases ADD COLUMN renewed TIMESTAMPTZ;
UPDATE game_leases SET renewed = expires - interval '6 seconds';
