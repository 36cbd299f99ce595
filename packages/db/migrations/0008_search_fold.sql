-- search_fold(text): the text every list search compares, lower case and without Latin accents
-- ("Câmara Fria" → "camara fria"). Applied to both the column and the search pattern, so
-- "camara", "CAMARA" and "Câmara" all find "Câmara Fria". One plain SQL function that PGlite and
-- PostgreSQL both run (the unaccent extension is not in every PostgreSQL or PGlite). It first drops
-- combining marks (text typed decomposed, "a" + U+0302), then maps each accented Latin letter of
-- Latin-1 and Latin Extended-A to its plain lower-case letter, then lower()s the rest, which
-- is ASCII whatever the collation. LIKE wildcards and their backslash escapes pass unchanged.
CREATE OR REPLACE FUNCTION search_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT lower(translate(
    regexp_replace(value, U&'[\0300-\036F]', '', 'g'),
    'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžØøĐđŁłĦħı',
    'aaaaaaceeeeiiiinooooouuuuyaaaaaaceeeeiiiinooooouuuuyyaaaaaaccccccccddeeeeeeeeeegggggggghhiiiiiiiiijjkkllllllnnnnnnoooooorrrrrrssssssssttttuuuuuuuuuuuuwwyyyzzzzzzooddllhhi'
  )) $$;
