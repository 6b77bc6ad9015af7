-- The seeded regions take the codes BladeX's blade_region stores: two digits for a province, four for a city, six for
-- a district (then nine and twelve). Saber composes a child's code as its parent's code plus what is typed, and
-- reads a region's own part back by cutting the parent's code off: with six-digit codes at every level an unchanged
-- edit of a province or city came back as another code. Only seeded rows still carrying their first code move (an
-- administrator's own tree stays as it is), together with every reference to them: children's parent codes,
-- ancestors and the per-level codes.
WITH moved (old_code, new_code) AS (
  SELECT seeded.old_code, seeded.new_code
  FROM (VALUES
    (1900000000000000001, '110000', '11'),
    (1900000000000000002, '110100', '1101'),
    (1900000000000000006, '330000', '33'),
    (1900000000000000007, '330100', '3301'),
    (1900000000000000010, '330200', '3302'),
    (1900000000000000011, '440000', '44'),
    (1900000000000000012, '440100', '4401'),
    (1900000000000000014, '440300', '4403')
  ) AS seeded (id, old_code, new_code)
  WHERE EXISTS (SELECT 1 FROM blade_region r WHERE r.id = seeded.id AND r.code = seeded.old_code)
    AND NOT EXISTS (SELECT 1 FROM blade_region r WHERE r.code = seeded.new_code)
)
UPDATE blade_region r SET
  code = COALESCE((SELECT new_code FROM moved WHERE old_code = r.code), r.code),
  parent_code = COALESCE((SELECT new_code FROM moved WHERE old_code = r.parent_code), r.parent_code),
  province_code = COALESCE((SELECT new_code FROM moved WHERE old_code = r.province_code), r.province_code),
  city_code = COALESCE((SELECT new_code FROM moved WHERE old_code = r.city_code), r.city_code),
  ancestors = (
    SELECT string_agg(COALESCE(moved.new_code, part.code), ',' ORDER BY part.position)
    FROM unnest(string_to_array(r.ancestors, ',')) WITH ORDINALITY AS part (code, position)
    LEFT JOIN moved ON moved.old_code = part.code
  )
WHERE r.code IN (SELECT old_code FROM moved)
   OR r.parent_code IN (SELECT old_code FROM moved)
   OR r.province_code IN (SELECT old_code FROM moved)
   OR r.city_code IN (SELECT old_code FROM moved);
