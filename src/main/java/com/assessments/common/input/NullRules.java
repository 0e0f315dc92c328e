package com.assessments.common.input;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.Version;
import com.fasterxml.jackson.databind.introspect.Annotated;
import com.fasterxml.jackson.databind.introspect.AnnotatedField;
import com.fasterxml.jackson.databind.introspect.AnnotatedMember;
import com.fasterxml.jackson.databind.introspect.AnnotatedMethod;
import com.fasterxml.jackson.databind.introspect.NopAnnotationIntrospector;

/**
 * Explicit nulls in request DTOs, as the contract says: Nulls.FAIL for a member that is not nullable, and for
 * the items of a list or map whose items are not nullable. Jackson then throws InvalidNullException at the
 * member (candidate.email) or item (responses[0], metadata.k).
 */
final class NullRules extends NopAnnotationIntrospector {
    private final ContractSchemas contract;

    NullRules(ContractSchemas contract) {
        this.contract = contract;
    }

    @Override
    public Version version() {
        return Version.unknownVersion();
    }

    @Override
    public JsonSetter.Value findSetterInfo(Annotated a) {
        if (!(a instanceof AnnotatedMember member)) {
            return null;
        }
        String schema = InputRules.schemaOf(member.getDeclaringClass());
        if (schema == null || !contract.isRequestSchema(schema)) {
            return null;
        }
        String property = propertyName(member);
        ContractSchemas.Member rule = property == null ? null : contract.member(schema, property);
        if (rule == null) {
            return null;
        }
        return JsonSetter.Value.construct(rule.nullable() ? Nulls.DEFAULT : Nulls.FAIL,
                rule.nullableItems() ? Nulls.DEFAULT : Nulls.FAIL);
    }

    private static String propertyName(AnnotatedMember member) {
        JsonProperty named = member.getAnnotation(JsonProperty.class);
        if (named != null && !named.value().isEmpty()) {
            return named.value();
        }
        if (member instanceof AnnotatedField field) {
            return field.getName();
        }
        if (member instanceof AnnotatedMethod method && method.getName().startsWith("set") && method.getName().length() > 3) {
            String rest = method.getName().substring(3);
            return Character.toLowerCase(rest.charAt(0)) + rest.substring(1);
        }
        return null;
    }
}
