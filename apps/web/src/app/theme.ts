import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type MantineColorsTuple,
  rem,
} from '@mantine/core';

/** The props a `vars` resolver below reads. */
type SizedProps = { size?: unknown };
// Plain objects, not `Button.extend(...)`: extend needs the component itself, which would pull Modal,
// Switch, SegmentedControl and the rest into the first chunk the landing page downloads.
const sizeOf = (props: SizedProps) => (typeof props.size === 'string' ? props.size : undefined);

/**
 * A palette whose filled shade (7) carries white text at 4.5:1 or more, and whose light variant (the
 * same shade on a 10 % tint of itself: active nav, light buttons, badges, avatar initials) also passes
 * 4.5:1. Shades 0-5 are Mantine's; 6-9 are darker so every `color` prop in the app passes WCAG AA.
 */
function accessible(name: string, dark: [string, string, string, string]): MantineColorsTuple {
  const [c0, c1, c2, c3, c4, c5] = DEFAULT_THEME.colors[name] ?? DEFAULT_THEME.colors.gray;
  return [c0, c1, c2, c3, c4, c5, ...dark];
}

const colors = {
  // 7 = #b4410a: 5.7:1 with white, 4.9:1 on its light tint.
  orange: accessible('orange', ['#e8590c', '#b4410a', '#9a3412', '#7c2d12']),
  red: accessible('red', ['#e03131', '#c92a2a', '#a61e1e', '#861717']),
  teal: accessible('teal', ['#099268', '#06775a', '#066149', '#054d3a']),
  green: accessible('green', ['#2f9e44', '#237a36', '#1d6a2e', '#175524']),
  blue: accessible('blue', ['#1c7ed6', '#1864ab', '#145591', '#104577']),
  cyan: accessible('cyan', ['#0c8599', '#0b7285', '#095c6b', '#074652']),
  grape: accessible('grape', ['#ae3ec9', '#9c36b5', '#862e9c', '#6f2682']),
  pink: accessible('pink', ['#d6336c', '#c2255c', '#a61e4d', '#8a1a40']),
  lime: accessible('lime', ['#5c940d', '#4a7a0b', '#3d6609', '#2f5007']),
  yellow: accessible('yellow', ['#e67700', '#a65500', '#994f00', '#7a3f00']),
  indigo: accessible('indigo', ['#4263eb', '#3b5bdb', '#364fc7', '#2c3fa3']),
  violet: accessible('violet', ['#7048e8', '#6741d9', '#5f3dc4', '#4f32a3']),
};

/** 44 px: the smallest touch target on staff screens (Apple HIG, WCAG 2.5.5). */
export const TOUCH = rem(44);
const SMALL_SIZES = new Set([undefined, 'xs', 'sm', 'md', 'lg']);

/** Comanda's look: warm orange on white, WCAG 2.1 AA colours, 44 px touch targets, 16 px inputs. */
export const theme = createTheme({
  colors,
  primaryColor: 'orange',
  primaryShade: 7,
  defaultRadius: 'md',
  focusRing: 'auto',
  cursorType: 'pointer',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: {
    fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    fontWeight: '700',
  },
  components: {
    // One control height everywhere (44 px) and 16 px text in inputs, so iPad Safari does not zoom.
    // Required fields carry the native `required` (announced by screen readers); the visible mark is
    // drawn by global.css from it, so every required field has one and labels keep their plain names.
    Button: {
      defaultProps: { size: 'md' },
      vars: (_theme: unknown, props: SizedProps) =>
        SMALL_SIZES.has(sizeOf(props))
          ? { root: { '--button-height': TOUCH }, label: {}, section: {} }
          : { root: {}, label: {}, section: {} },
    },
    ActionIcon: {
      defaultProps: { size: 'xl' },
      vars: (_theme: unknown, props: SizedProps) =>
        SMALL_SIZES.has(sizeOf(props)) ? { root: { '--ai-size': TOUCH } } : { root: {} },
    },
    CloseButton: { vars: () => ({ root: { '--cb-size': TOUCH } }) },
    Input: {
      defaultProps: { size: 'md' },
      vars: () => ({ wrapper: { '--input-height': TOUCH } }),
    },
    InputWrapper: { defaultProps: { size: 'md' } },
    TextInput: { defaultProps: { size: 'md', withAsterisk: false } },
    PasswordInput: { defaultProps: { size: 'md', withAsterisk: false } },
    NumberInput: { defaultProps: { size: 'md', withAsterisk: false } },
    Select: { defaultProps: { size: 'md', withAsterisk: false } },
    MultiSelect: { defaultProps: { size: 'md', withAsterisk: false } },
    Textarea: { defaultProps: { size: 'md', withAsterisk: false } },
    Autocomplete: { defaultProps: { size: 'md', withAsterisk: false } },
    InputBase: { defaultProps: { size: 'md', withAsterisk: false } },
    SegmentedControl: {
      defaultProps: { size: 'md' },
      styles: {
        control: { minHeight: TOUCH },
        label: { minHeight: TOUCH, display: 'flex', alignItems: 'center', justifyContent: 'center' },
      },
    },
    Switch: {
      defaultProps: { size: 'md' },
      // The whole row (track and label) is the target, at least 44 px tall.
      styles: { body: { minHeight: TOUCH, alignItems: 'center' } },
    },
    // Every dialog placed the same way: centred, rounded, bold title, a named close button.
    Modal: {
      defaultProps: { centered: true, radius: 'lg', padding: 'lg' },
      styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } },
    },
    NavLink: { styles: { root: { minHeight: TOUCH } } },
    Tooltip: { defaultProps: { openDelay: 300 } },
  },
});

/** Text colours that pass 4.5:1: secondary text, errors, placeholders lighter than values but legible. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-error': 'var(--mantine-color-red-7)',
    '--mantine-color-placeholder': '#6f767e',
    '--mantine-color-anchor': 'var(--mantine-color-orange-8)',
  },
  // The kitchen display is dark: Mantine's dark dimmed (#828282) is 4.0:1 on its body and the darker
  // reds above are under 2:1 there, both under AA.
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
  },
});
