-- A bet is open exactly while its round is unfinished: the open bets of a user are found through the unfinished
-- rounds (option_rounds_unfinished_close) and (round_id, uid). The partial index of open bets by user had an entry
-- deleted for every bet a round settled — 100,000 B-tree deletes in the settlement's transaction of a full round.
DROP INDEX option_bets_user_open;
