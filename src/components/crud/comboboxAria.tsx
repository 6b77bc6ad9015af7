import { useLayoutEffect, useRef, type ComponentType } from 'react';

type AriaProps = { 'aria-required'?: unknown; 'aria-label'?: unknown };

/** Sets `name` to `value` on `element`, or removes it when there is no value. */
function setOrRemove(element: Element, name: string, value: string | undefined): void {
  if (value === undefined) element.removeAttribute(name);
  else if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}

/**
 * `Control` (an antd Select, TreeSelect, Cascader or a picker built on one) with its required state and accessible
 * name on its combobox input, the part a screen reader reaches. antd copies every aria-* prop onto the control's outer
 * box too, a role-less element that may carry neither (axe: aria-allowed-attr, aria-prohibited-attr), so the two are
 * kept off the props and set on the input after each render; the wrapper takes no box of its own (display: contents).
 */
export function withComboboxAria<Props extends object>(Control: ComponentType<Props>): ComponentType<Props & AriaProps> {
  function ComboboxWithAria(props: Props & AriaProps) {
    const { 'aria-required': required, 'aria-label': label, ...rest } = props;
    const box = useRef<HTMLSpanElement>(null);
    useLayoutEffect(() => {
      const combobox = box.current?.querySelector('[role="combobox"]');
      if (!combobox) return;
      setOrRemove(combobox, 'aria-required', required === true || required === 'true' ? 'true' : undefined);
      setOrRemove(combobox, 'aria-label', typeof label === 'string' && label ? label : undefined);
    });
    return (
      <span ref={box} className="combobox-aria">
        <Control {...(rest as Props)} />
      </span>
    );
  }
  ComboboxWithAria.displayName = `withComboboxAria(${Control.displayName ?? Control.name})`;
  return ComboboxWithAria;
}
