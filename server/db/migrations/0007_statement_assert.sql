-- An assertion inside one SQL statement: fails the statement (and so every write of its CTEs)
-- with SQLSTATE CA001 and the given message when `ok` is not true. The bet statements
-- (server/modules/bets/record.ts, recordBatch.ts) end with it.
CREATE FUNCTION statement_assert(ok boolean, message text) RETURNS boolean
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF ok IS NOT TRUE THEN
    RAISE EXCEPTION USING ERRCODE = 'CA001', MESSAGE = message;
  END IF;
  RETURN true;
END
$$;
