-- Administrative regions (BladeX blade_region): one tree shared by every tenant, keyed by the national code
-- (parent_code '00' at the top). BladeX keys the table by code; here `id` stays the row key the generic machinery
-- uses and `code` is unique among live rows.
CREATE TABLE IF NOT EXISTS blade_region (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL DEFAULT '000000',
  code varchar(12) NOT NULL,
  parent_code varchar(12) NOT NULL DEFAULT '00',
  ancestors varchar(255),
  name varchar(32) NOT NULL,
  province_code varchar(12), province_name varchar(32),
  city_code varchar(12), city_name varchar(32),
  district_code varchar(12), district_name varchar(32),
  town_code varchar(12), town_name varchar(32),
  village_code varchar(12), village_name varchar(32),
  region_level integer,
  sort integer,
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp,
  update_user bigint, update_time timestamp,
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS blade_region_parent ON blade_region (parent_code, is_deleted, sort);

-- A small real tree (national codes) to start from: three provinces, their cities and a few districts.
INSERT INTO blade_region (id, code, parent_code, ancestors, name, province_code, province_name, city_code, city_name,
  district_code, district_name, region_level, sort, create_time, update_time) VALUES
  (1900000000000000001, '110000', '00', '00', '北京市', '110000', '北京市', NULL, NULL, NULL, NULL, 1, 1, LOCALTIMESTAMP(0), LOCALTIMESTAMP(0)),
  (1900000000000000002, '110100', '110000', '00,110000', '市辖区', '110000', '北京市', '110100', '市辖区', NULL, NULL, 2, 1, LOCALTIMESTAMP(0), LOCALTIMESTAMP(0)),
  (1900000000000000003, '110101', '110100', '00,110000,110100', '东城区', '110000', '北京市', '110100', '市辖区', '110101', '东城区', 3, 1, LOCALTIMESTAMP(0), LOCALTIMESTAMP(0)),
  (1900000000000000004, '110102', '110100', '00,110000,110100', '西城区', '110000', '北京市', '110100', '市辖区', '110102', '西城区', 3, 2, LOCALTIMESTAMP(0), LOCALTIMESTAMP(0)),
  (1900000000000000005, '110105', '110100', '00,110000,110100', '朝阳区', '110000', '北京市', '110100', '市辖区', '110105', '朝阳区', 3, 3, LOCALTIMESTAMP(0), LOCALTIMESTAMP(0)),
  (1900000000000000006, '330000', '00', '00', '浙江省', '330000', '浙江省', NULL, NULL, NULL, NULL, 1, 2, LOCALTIMESTAMP(0), LOCALTIMESTAMP(0)),
  (1900000000000000007, '330100', '330000', '00,330000', '杭州市', '330000', '浙江省', '330100', '杭州市', NULL, NULL, 2, 1, LOCALTIMESTAMP(0), LOCALTIMESTAMP(0)),
  (1900000000000000008, '330102', '330100', '00,330000,330100', '上城区', '330000', '浙江省', '330100', '杭州市', '330102', '上城区', 3, 1, LOCALTIMESTAMP(0), LOCALTIMESTAMP(0)),
  (1900000000000000009, '330106', '330100', '00,330000,330100', '西湖区', '330000', '浙江省', '330100', '杭州市', '330106', '西湖区', 3, 2, LOCALTIMESTAMP(0), LOCALTIMESTAMP(0)),
  (1900000000000000010, '330200', '330000', '00,330000', '宁波市', '330000', '浙江省', '330200', '宁波市', NULL, NULL, 2, 2, LOCALTIMESTAMP(0), LOCALTIMESTAMP(0)),
  (1900000000000000011, '440000', '00', '00', '广东省', '440000', '广东省', NULL, NULL, NULL, NULL, 1, 3, LOCALTIMESTAMP(0), LOCALTIMESTAMP(0)),
  (1900000000000000012, '440100', '440000', '00,440000', '广州市', '440000', '广东省', '440100', '广州市', NULL, NULL, 2, 1, LOCALTIMESTAMP(0), LOCALTIMESTAMP(0)),
  (1900000000000000013, '440106', '440100', '00,440000,440100', '天河区', '440000', '广东省', '440100', '广州市', '440106', '天河区', 3, 1, LOCALTIMESTAMP(0), LOCALTIMESTAMP(0)),
  (1900000000000000014, '440300', '440000', '00,440000', '深圳市', '440000', '广东省', '440300', '深圳市', NULL, NULL, 2, 2, LOCALTIMESTAMP(0), LOCALTIMESTAMP(0)),
  (1900000000000000015, '440304', '440300', '00,440000,440300', '福田区', '440000', '广东省', '440300', '深圳市', '440304', '福田区', 3, 1, LOCALTIMESTAMP(0), LOCALTIMESTAMP(0)),
  (1900000000000000016, '440305', '440300', '00,440000,440300', '南山区', '440000', '广东省', '440300', '深圳市', '440305', '南山区', 3, 2, LOCALTIMESTAMP(0), LOCALTIMESTAMP(0))
ON CONFLICT (id) DO NOTHING;
