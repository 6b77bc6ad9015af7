import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoginFieldRow } from './LoginFieldRow';
import type { RegistrationValues } from './loginValidation';

export type RegistrationField = keyof RegistrationValues;

/** Inputs of the registration forms, in the order spec §5 checks them. */
export function RegistrationFields({
  idPrefix,
  fields,
  values,
  onChange,
}: {
  idPrefix: string;
  fields: readonly RegistrationField[];
  values: RegistrationValues;
  onChange(field: RegistrationField, value: string): void;
}) {
  const { t } = useTranslation();
  const secret = (field: RegistrationField) => field === 'password' || field === 'password2';
  return (
    <>
      {fields.map((field) => (
        <LoginFieldRow key={field} id={`${idPrefix}_${field}`} label={t(`register.${field}`)}>
          <Input
            id={`${idPrefix}_${field}`}
            type={secret(field) ? 'password' : field === 'email' ? 'email' : 'text'}
            value={values[field] ?? ''}
            onChange={(event) => onChange(field, event.target.value)}
            placeholder={t(`register.${field}Placeholder`)}
            autoComplete={secret(field) ? 'new-password' : 'off'}
          />
        </LoginFieldRow>
      ))}
    </>
  );
}
